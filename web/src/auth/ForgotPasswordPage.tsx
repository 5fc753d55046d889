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
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextField } from '../forms/TextField.tsx';
import buttons from '../shell/buttons.module.css';
import { CardPage } from '../shell/CardPage.tsx';
import { showToast } from '../shell/showToast.ts';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { forgotPasswordRequest, resetPasswordRequest } from './authApi.ts';
import { OFFLINE_MESSAGE } from './authMessages.ts';
import styles from './ForgotPasswordPage.module.css';
import type {
  InitiateInput,
  InitiateValues,
  VerifyInput,
  VerifyValues,
} from './passwordResetForms.ts';
import {
  type PasswordResetProblem,
  type PasswordResetStep,
  passwordResetProblem,
} from './passwordResetProblem.ts';

const schemas = () => import('./passwordResetForms.ts');
const initiateSchema = lazyResolver<InitiateInput, InitiateValues>(() =>
  schemas().then((m) => m.initiateResolver),
);
const verifySchema = lazyResolver<VerifyInput, VerifyValues>(() =>
  schemas().then((m) => m.verifyResolver),
);

/** Shows a failure: the offline toast, or a message for the form. */
function report(error: unknown, step: PasswordResetStep, show: (message: Message) => void) {
  const problem: PasswordResetProblem = passwordResetProblem(error, step);
  if (problem.kind === 'offline') showToast(OFFLINE_MESSAGE, 'error');
  else show(problem.message);
}

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
  const [problem, setProblem] = useState<Message | null>(null);
  const [sent, setSent] = useState<{ email: string; destination: string } | null>(null);
  const form = useForm<InitiateInput, unknown, InitiateValues>({
    resolver: initiateSchema.resolver,
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useDelayedStep(sent !== null, () => sent && onSent(sent.email));

  const submit = form.handleSubmit(async ({ email }) => {
    setProblem(null);
    try {
      const { destination } = await forgotPasswordRequest({ email, tenant_id: tenant.id });
      setSent({ email, destination });
    } catch (error) {
      report(error, 'initiate', setProblem);
    }
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
        {sent && (
          <FormAlert
            tone="success"
            message={[`Confirmation code was sent to ${sent.destination}`]}
          />
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="off"
          required
          registration={form.register('email')}
          error={errors.email?.message}
          readOnly={sent !== null}
        />
        <SubmitButton pending={isSubmitting || sent !== null} pendingLabel="Sending…" wide>
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
  const [problem, setProblem] = useState<Message | null>(null);
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

  const submit = form.handleSubmit(async ({ code, password }) => {
    setProblem(null);
    setNotice(null);
    try {
      await resetPasswordRequest({ email, tenant_id: tenant.id, code, password });
      setDone(true);
    } catch (error) {
      report(error, 'verify', setProblem);
    }
  });

  const resend = async () => {
    setProblem(null);
    setNotice(null);
    try {
      const { destination } = await forgotPasswordRequest({ email, tenant_id: tenant.id });
      setNotice(`Confirmation code was sent to ${destination}`);
    } catch (error) {
      report(error, 'initiate', setProblem);
    }
  };

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
