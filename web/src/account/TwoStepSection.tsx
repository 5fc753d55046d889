import {
  type MfaStatusAnswer,
  mfaMessages,
  type TotpEnableBody,
  type TotpSetupAnswer,
} from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { problemMessage } from '../api/apiError.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { sessionQueryKey } from '../auth/session.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextField } from '../forms/TextField.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { Spinner } from '../shell/Spinner.tsx';
import { showToast } from '../shell/showToast.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { accountProblem } from './accountProblem.ts';
import { disableTotp, enableTotp, fetchMfaStatus, mfaStatusKey, startTotpSetup } from './mfaApi.ts';
import { PasswordConfirmation } from './PasswordConfirmation.tsx';

const enableSchema = lazyResolver<TotpEnableBody, TotpEnableBody>(() =>
  import('./twoStepFormSchema.ts').then((m) => m.totpEnableResolver),
);

/** The QR encoder loads when a setup starts: most visits to the screen never draw one. */
const QrCode = lazy(() => import('./QrCode.tsx').then((m) => ({ default: m.QrCode })));

type Stage =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TotpSetupAnswer }
  | { kind: 'codes'; codes: string[] };

/**
 * CONTRACT §11's second factor on the account screen: set up an authenticator app (a QR code, or
 * the key to type), confirm it with a code, keep the ten recovery codes shown once, or turn it off
 * with the password.
 */
export function TwoStepSection() {
  const { session } = useAuth();
  const status = useQuery({
    queryKey: mfaStatusKey,
    queryFn: ({ signal }) => fetchMfaStatus(signal),
  });
  const [stage, setStage] = useState<Stage>({ kind: 'status' });

  return (
    <AccountSection
      title="Two-step verification"
      lead="A code from an app on your phone at each sign-in, besides your password."
    >
      {session?.mfa_setup_required && stage.kind !== 'codes' && (
        <FormAlert message={[mfaMessages.setupRequired]} />
      )}
      {stage.kind === 'setup' ? (
        <SetupForm
          setup={stage.setup}
          onEnabled={(codes) => setStage({ kind: 'codes', codes })}
          onCancel={() => setStage({ kind: 'status' })}
        />
      ) : stage.kind === 'codes' ? (
        <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'status' })} />
      ) : status.isError ? (
        <LoadProblem error={status.error} onRetry={() => void status.refetch()} />
      ) : status.data ? (
        <StatusView status={status.data} onSetup={(setup) => setStage({ kind: 'setup', setup })} />
      ) : (
        <Spinner />
      )}
    </AccountSection>
  );
}

function StatusView({
  status,
  onSetup,
}: {
  status: MfaStatusAnswer;
  onSetup(setup: TotpSetupAnswer): void;
}) {
  const { submit: start, pending: starting } = useFormMutation(useForm(), {
    send: startTotpSetup,
    saved: onSetup,
    problem: problemMessage,
    toast: true,
  });
  if (status.totp) return <TurnOff status={status} />;
  return (
    <>
      <p>
        <strong>Off.</strong> Add a second step to signing in: a code from an authenticator app on
        your phone, such as Google Authenticator, Microsoft Authenticator or 1Password. Someone who
        learns your password still cannot sign in as you.
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.primary}
          onClick={() => void start()}
          disabled={starting}
        >
          Set up two-step verification
        </button>
      </div>
    </>
  );
}

function SetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetupAnswer;
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const queryClient = useQueryClient();
  const tenant = useTenant();
  const form = useForm<TotpEnableBody>({
    resolver: enableSchema.resolver,
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  // Groups of four are easier to type into an app than 32 characters in a row.
  const key = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  const { submit, problem, pending } = useFormMutation(form, {
    send: ({ code }: TotpEnableBody) => enableTotp(code),
    saved: ({ recovery_codes }) => {
      onEnabled(recovery_codes);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
    problem: accountProblem,
    focus: true,
  });

  return (
    <form className={styles.steps} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      <ol className={styles.stepList}>
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <Suspense fallback={<Spinner />}>
            <QrCode
              text={setup.otpauth_url}
              label={`QR code to add ${tenant.name} to an authenticator app`}
            />
          </Suspense>
          <p className={styles.muted}>Can’t scan it? Enter this key in the app instead:</p>
          <p>
            <code className={styles.secret} data-testid="totp-secret">
              {key}
            </code>
          </p>
        </li>
        <li>
          <TextField
            label="Enter the 6-digit code the app shows"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            spellCheck={false}
            required
            registration={form.register('code')}
            error={errors.code?.message}
          />
        </li>
      </ol>
      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="Turning on…">
          Turn on
        </SubmitButton>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const tenant = useTenant();
  const text = `${tenant.name} recovery codes. Each signs in once, in place of a code from your app.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('Recovery codes copied.', 'success');
    } catch {
      showToast('Copying failed. Select the codes and copy them yourself.', 'error');
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = `${tenant.domain}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <>
      <FormAlert tone="success" message={['Two-step verification is on.']} />
      <p>
        <strong>Save these recovery codes now</strong>: they are shown this once. If you lose your
        phone, each signs you in once in place of a code from the app.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={copy}>
          Copy codes
        </button>
        <button type="button" className={buttons.secondary} onClick={download}>
          Download codes
        </button>
        <button type="button" className={buttons.primary} onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </>
  );
}

function TurnOff({ status }: { status: MfaStatusAnswer }) {
  const queryClient = useQueryClient();
  return (
    <>
      <p>
        <strong>On.</strong> Signing in asks for a code from your authenticator app.{' '}
        {status.recovery_codes_left === 1
          ? '1 recovery code is left.'
          : `${status.recovery_codes_left} recovery codes are left.`}
      </p>
      <PasswordConfirmation
        label="Your password, to turn it off"
        missing={mfaMessages.password}
        instead="You sign in through your institution: to turn it off, sign in again there first, then turn it off within 5 minutes."
        send={disableTotp}
        saved={() => {
          showToast(mfaMessages.turnedOff, 'success');
          return queryClient.invalidateQueries({ queryKey: mfaStatusKey });
        }}
        submitLabel="Turn off two-step verification"
        pendingLabel="Turning off…"
        className={styles.steps}
      />
    </>
  );
}
