import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MfaStepAnswer,
  mfaMessages,
  passkeyMessages,
  type SessionAnswer,
  signInMfaBody,
  totpEnableBody,
} from '@kindling/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, problemMessage } from '../api/apiError.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextField, type TextFieldProps } from '../forms/TextField.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import { CardPage } from '../shell/CardPage.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { signInWithCodeRequest } from './authApi.ts';
import { toastIfOffline } from './offline.ts';
import { answerWithPasskey } from './passkeySignIn.ts';
import styles from './SignInPage.module.css';

type Method = MfaStepAnswer['methods'][number];
type CodeMethod = Exclude<Method, 'webauthn'>;
interface Values {
  code: string;
}

const resolvers = {
  totp: zodResolver(totpEnableBody),
  recovery_code: zodResolver(signInMfaBody.pick({ code: true })),
};

interface MfaStepProps {
  step: MfaStepAnswer;
  onSignedIn(answer: SessionAnswer): Promise<void>;
  /** Back to the password, with why: the challenge expired or took too many wrong codes. */
  onRestart(message: string | null): void;
}

const leads: Record<Method, string> = {
  totp: 'Enter the 6-digit code your authenticator app shows for this account.',
  recovery_code:
    'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.',
  webauthn:
    'Use your passkey: your fingerprint, face or screen lock on this device, or your phone.',
};

const switchLabels: Record<Method, string> = {
  totp: 'Use the code from my app',
  recovery_code: 'Use a recovery code',
  webauthn: 'Use a passkey',
};

/**
 * CONTRACT §11: a sign-in's second step, for a member with a second factor. The code from the
 * authenticator app (which the browser or password manager may fill: one-time-code), one of the
 * recovery codes, or a passkey (decision 0045), as the member has set them up.
 */
export function MfaStep({ step, onSignedIn, onRestart }: MfaStepProps) {
  const [method, setMethod] = useState<Method>(step.methods[0] ?? 'totp');
  return (
    <CardPage title="Two-step verification" lead={<p>{leads[method]}</p>}>
      {method === 'webauthn' ? (
        <PasskeyAnswer step={step} onSignedIn={onSignedIn} onRestart={onRestart} />
      ) : (
        <CodeForm
          key={method}
          method={method}
          step={step}
          onSignedIn={onSignedIn}
          onRestart={onRestart}
        />
      )}
      <div className={styles.alternatives}>
        {step.methods
          .filter((other) => other !== method)
          .map((other) => (
            <button
              key={other}
              type="button"
              className={styles.linkButton}
              onClick={() => setMethod(other)}
            >
              {switchLabels[other]}
            </button>
          ))}
        <button type="button" className={styles.linkButton} onClick={() => onRestart(null)}>
          Back to sign in
        </button>
      </div>
    </CardPage>
  );
}

/** Whether a failed answer ends this sign-in: its challenge expired, was used, or took 5 wrong answers. */
const endsSignIn = (error: unknown) =>
  isApiError(error, 'UNAUTHORIZED') ||
  (isApiError(error, 'TOO_MANY_REQUESTS') && error.message === mfaMessages.challengeSpent);

/** A failure that is told elsewhere than above the form: as a toast, by its field, or on sign-in's first step. */
const toldElsewhere = (error: unknown) =>
  isApiError(error, 'ERR_NETWORK') || isApiError(error, 'CODE_MISMATCH') || endsSignIn(error);

/**
 * What both ways of answering do with a failure besides their words: the offline toast, back to
 * the password with why when this sign-in is over, or the form's own telling of a wrong answer.
 * The server's details stay off the field.
 */
function answerOptions({ onSignedIn, onRestart }: MfaStepProps, onMismatch?: () => void) {
  return {
    saved: onSignedIn,
    fieldOf: () => null,
    failed: (error: unknown) => {
      toastIfOffline(error);
      if (endsSignIn(error)) onRestart((error as Error).message);
      else if (isApiError(error, 'CODE_MISMATCH')) onMismatch?.();
    },
  };
}

function PasskeyAnswer(props: MfaStepProps) {
  const tenant = useTenant();
  const { submit, problem, pending } = useFormMutation(useForm(), {
    ...answerOptions(props),
    send: () => answerWithPasskey(tenant.id, props.step.challenge),
    problem: (error) =>
      isApiError(error, 'CODE_MISMATCH')
        ? passkeyMessages.mismatch
        : toldElsewhere(error)
          ? null
          : error instanceof Error
            ? error.message
            : problemMessage(error),
  });
  return (
    <form className={styles.form} onSubmit={submit}>
      {problem && <FormAlert message={[problem]} />}
      <SubmitButton pending={pending} pendingLabel="Waiting for your passkey…" wide>
        Use my passkey
      </SubmitButton>
    </form>
  );
}

const codeFields: Record<CodeMethod, Omit<TextFieldProps, 'registration'>> = {
  totp: {
    label: 'Authentication code',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    pattern: '[0-9]*',
    maxLength: 6,
  },
  recovery_code: {
    label: 'Recovery code',
    autoComplete: 'off',
    autoCapitalize: 'off',
    maxLength: 32,
    description: 'Like abcde-12345.',
  },
};

function CodeForm({ method, ...props }: MfaStepProps & { method: CodeMethod }) {
  const tenant = useTenant();
  const form = useForm<Values>({ resolver: resolvers[method], defaultValues: { code: '' } });
  const { submit, problem, pending } = useFormMutation(form, {
    ...answerOptions(props, () =>
      form.setError('code', { message: mfaMessages.codeMismatch }, { shouldFocus: true }),
    ),
    send: ({ code }: Values) =>
      signInWithCodeRequest({ challenge: props.step.challenge, code, tenant_id: tenant.id }),
    problem: (error) => (toldElsewhere(error) ? null : problemMessage(error)),
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      <TextField
        {...codeFields[method]}
        spellCheck={false}
        autoFocus
        required
        registration={form.register('code')}
        error={form.formState.errors.code?.message}
      />
      <SubmitButton pending={pending} pendingLabel="Verifying…" wide>
        Verify
      </SubmitButton>
    </form>
  );
}
