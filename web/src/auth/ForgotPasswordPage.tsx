import { limits } from '@kindling/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { CodeInput } from '../forms/CodeInput.tsx';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { PasswordGuidelines } from '../forms/PasswordGuidelines.tsx';
import { EmailField } from '../forms/personFields.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { forgotPasswordRequest, resetPasswordRequest } from './authApi.ts';
import styles from './ForgotPasswordPage.module.css';
import { toastIfOffline } from './offline.ts';
import type {
  InitiateInput,
  InitiateValues,
  VerifyInput,
  VerifyValues,
} from './passwordResetForms.ts';
import { type PasswordResetStep, passwordResetProblem } from './passwordResetProblem.ts';

const schemas = () => import('./passwordResetForms.ts');
const initiateSchema = lazyResolver<InitiateInput, InitiateValues>(() =>
  schemas().then((m) => m.initiateResolver),
);
const verifySchema = lazyResolver<VerifyInput, VerifyValues>(() =>
  schemas().then((m) => m.verifyResolver),
);

/** A failure in the step's words above the form; offline, the toast says it (toastIfOffline). */
function resetProblem(error: unknown, step: PasswordResetStep): Message | null {
  const problem = passwordResetProblem(error, step);
  return problem.kind === 'message' ? problem.message : null;
}

/** Both steps put a failure's details above the form, not on their fields. */
const resetFailures = { fieldOf: () => null, failed: toastIfOffline };

const sentTo = (destination: string) => `Confirmation code was sent to ${destination}`;

/** Runs `then` once, `limits.redirectDelayMs` after `armed` turns true (SPEC §4, §9). */
function useDelayedStep(armed: boolean, then: () => void) {
  const run = useEffectEvent(then);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(run, limits.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [armed]);
}

/** SPEC §2 forgot password: send a code to the e-mail, then set a new password with it. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    initiateSchema.preload();
    verifySchema.preload();
  }, []);
  return email === null ? (
    <InitiateStep onSent={setEmail} />
  ) : (
    <VerifyStep email={email} onChangeEmail={() => setEmail(null)} />
  );
}

function InitiateStep({ onSent }: { onSent(email: string): void }) {
  const tenant = useTenant();
  const [sent, setSent] = useState<{ email: string; destination: string } | null>(null);
  const form = useForm<InitiateInput, unknown, InitiateValues>({
    resolver: initiateSchema.resolver,
    defaultValues: { email: '' },
  });

  useDelayedStep(sent !== null, () => sent && onSent(sent.email));

  const { submit, problem, pending } = useFormMutation(form, {
    ...resetFailures,
    send: ({ email }: InitiateValues) => forgotPasswordRequest({ email, tenant_id: tenant.id }),
    saved: ({ destination }, { email }) => setSent({ email, destination }),
    problem: (error) => resetProblem(error, 'initiate'),
  });

  return (
    <CardPage
      title="Reset your password"
      lead={<p>Enter the email address you sign in with and we will send you a 6-digit code.</p>}
      footer={
        <p>
          Remembered it? <Link to={paths.signIn}>Back to sign in</Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {problem && <FormAlert message={problem} />}
        {sent && <FormAlert tone="success" message={[sentTo(sent.destination)]} />}
        <EmailField
          autoComplete="username"
          registration={form.register('email')}
          error={form.formState.errors.email?.message}
          readOnly={sent !== null}
        />
        <SubmitButton pending={pending || sent !== null} pendingLabel="Sending…" wide>
          Send Code
        </SubmitButton>
      </form>
    </CardPage>
  );
}

function VerifyStep({ email, onChangeEmail }: { email: string; onChangeEmail(): void }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const guidelines = tenant.branding.claimProfile.setPassword;
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<VerifyInput, unknown, VerifyValues>({
    resolver: verifySchema.resolver,
    defaultValues: { code: '', password: '' },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const code = form.watch('code');
  const codeField = form.register('code');

  useDelayedStep(done, () =>
    navigate(keepTenantParam(paths.signIn, window.location.search), { replace: true }),
  );

  // The new password, or with null a new code, which answers with where it went.
  const { submit, run, problem } = useFormMutation(form, {
    ...resetFailures,
    send: async (values: VerifyValues | null) => {
      setNotice(null);
      const body = { email, tenant_id: tenant.id };
      if (values === null) return sentTo((await forgotPasswordRequest(body)).destination);
      await resetPasswordRequest({ ...body, code: values.code, password: values.password });
      return null;
    },
    saved: (sent) => (sent === null ? setDone(true) : setNotice(sent)),
    problem: (error, { values }) => resetProblem(error, values === null ? 'initiate' : 'verify'),
  });
  // Its failure is shown above the form.
  const resend = () => run(null).catch(() => undefined);

  return (
    <CardPage
      title="Enter your code"
      lead={
        <p>
          We sent a 6-digit code to <strong className={styles.email}>{email}</strong>. Enter it
          below with your new password.
        </p>
      }
      footer={
        <p>
          <Link to={paths.signIn}>Back to sign in</Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {problem && <FormAlert message={problem} />}
        {notice && <FormAlert tone="success" message={[notice]} />}
        {done && <FormAlert tone="success" message={['Password has been reset successfully']} />}
        <CodeInput
          label="Confirmation code"
          value={code}
          onChange={(value) => form.setValue('code', value, { shouldValidate: isSubmitted })}
          focusRef={(handle) => codeField.ref(handle)}
          error={errors.code?.message}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          registration={form.register('password')}
          error={errors.password?.message}
          description={
            <PasswordGuidelines title={guidelines.guidelinesTitle} items={guidelines.guidelines} />
          }
        />
        <SubmitButton pending={isSubmitting || done} pendingLabel="Saving…" wide>
          Reset Password
        </SubmitButton>
        <div className={styles.secondary}>
          <button type="button" className={buttons.ghost} onClick={resend} disabled={done}>
            Send a new code
          </button>
          <button type="button" className={buttons.ghost} onClick={onChangeEmail} disabled={done}>
            Use a different email
          </button>
        </div>
      </form>
    </CardPage>
  );
}
