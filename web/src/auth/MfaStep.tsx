import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MfaStepAnswer,
  mfaMessages,
  type SessionAnswer,
  signInMfaBody,
  totpEnableBody,
} from '@kindling/contract';
import { useState } from 'react';
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
import styles from './SignInPage.module.css';

type Method = 'totp' | 'recovery_code';
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

/**
 * CONTRACT §11: a sign-in's second step, for a member with a second factor. The code from the
 * authenticator app (which the browser or password manager may fill: one-time-code), or one of
 * the recovery codes instead.
 */
export function MfaStep({ step, onSignedIn, onRestart }: MfaStepProps) {
  const [method, setMethod] = useState<Method>('totp');
  const canRecover = step.methods.includes('recovery_code');
  return (
    <CardPage
      title="Two-step verification"
      lead={
        <p>
          {method === 'totp'
            ? 'Enter the 6-digit code your authenticator app shows for this account.'
            : 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.'}
        </p>
      }
    >
      <CodeForm
        key={method}
        method={method}
        step={step}
        onSignedIn={onSignedIn}
        onRestart={onRestart}
      />
      <div className={styles.alternatives}>
        {canRecover && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setMethod(method === 'totp' ? 'recovery_code' : 'totp')}
          >
            {method === 'totp' ? 'Use a recovery code' : 'Use the code from my app'}
          </button>
        )}
        <button type="button" className={styles.linkButton} onClick={() => onRestart(null)}>
          Back to sign in
        </button>
      </div>
    </CardPage>
  );
}

function CodeForm({ method, step, onSignedIn, onRestart }: MfaStepProps & { method: Method }) {
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
      } else if (
        isApiError(error, 'UNAUTHORIZED') ||
        (isApiError(error, 'TOO_MANY_REQUESTS') && error.message === mfaMessages.challengeSpent)
      ) {
        onRestart(error.message);
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
