import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MfaStepAnswer,
  mfaMessages,
  passkeyMessages,
  type SessionAnswer,
  signInMfaBody,
  totpEnableBody,
} from '@kindling/contract';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, problemMessage } from '../api/apiError.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextField } from '../forms/TextField.tsx';
import { CardPage } from '../shell/CardPage.tsx';
import { showToast } from '../shell/showToast.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { signInWithCodeRequest } from './authApi.ts';
import { OFFLINE_MESSAGE } from './authMessages.ts';
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

function PasskeyAnswer({ step, onSignedIn, onRestart }: MfaStepProps) {
  const tenant = useTenant();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const answer = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setPending(true);
    try {
      await onSignedIn(await answerWithPasskey(tenant.id, step.challenge));
    } catch (error) {
      if (isApiError(error, 'ERR_NETWORK')) showToast(OFFLINE_MESSAGE, 'error');
      else if (endsSignIn(error)) onRestart((error as Error).message);
      else if (isApiError(error, 'CODE_MISMATCH')) setProblem(passkeyMessages.mismatch);
      else setProblem(error instanceof Error ? error.message : problemMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={answer}>
      {problem && <FormAlert message={[problem]} />}
      <SubmitButton pending={pending} pendingLabel="Waiting for your passkey…" wide>
        Use my passkey
      </SubmitButton>
    </form>
  );
}

function CodeForm({ method, step, onSignedIn, onRestart }: MfaStepProps & { method: CodeMethod }) {
  const tenant = useTenant();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: resolvers[method], defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      const answer = await signInWithCodeRequest({
        challenge: step.challenge,
        code,
        tenant_id: tenant.id,
      });
      await onSignedIn(answer);
    } catch (error) {
      if (isApiError(error, 'ERR_NETWORK')) {
        showToast(OFFLINE_MESSAGE, 'error');
      } else if (isApiError(error, 'CODE_MISMATCH')) {
        form.setError('code', { message: mfaMessages.codeMismatch }, { shouldFocus: true });
      } else if (endsSignIn(error)) {
        onRestart((error as Error).message);
      } else {
        setProblem(problemMessage(error));
      }
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      {method === 'totp' ? (
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          spellCheck={false}
          autoFocus
          required
          registration={form.register('code')}
          error={errors.code?.message}
        />
      ) : (
        <TextField
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          autoFocus
          required
          registration={form.register('code')}
          error={errors.code?.message}
          description="Like abcde-12345."
        />
      )}
      <SubmitButton pending={isSubmitting} pendingLabel="Verifying…" wide>
        Verify
      </SubmitButton>
    </form>
  );
}
