import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import fieldStyles from '../forms/Field.module.css';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { TextField } from '../forms/TextField.tsx';
import { useFirstScreenForm } from '../forms/useFirstScreenForm.ts';
import { loadReferenceData } from '../lookups/referenceLists.ts';
import { CardPage } from '../shell/CardPage.tsx';
import { showToast } from '../shell/showToast.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { useAuth } from './AuthContext.ts';
import { signInRequest } from './authApi.ts';
import { OFFLINE_MESSAGE } from './authMessages.ts';
import { PendingApproval } from './PendingApproval.tsx';
import styles from './SignInPage.module.css';
import type { SignInFormInput, SignInFormValues } from './signInForm.ts';
import { signInProblem } from './signInProblem.ts';

const schema = lazyResolver<SignInFormInput, SignInFormValues>(() =>
  import('./signInForm.ts').then((m) => m.signInResolver),
);

/** SPEC §2 sign-in. Success lets the signed-out-only guard take the member on (RouteGuard). */
export function SignInPage() {
  const tenant = useTenant();
  const { startSession } = useAuth();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [problem, setProblem] = useState<Message | null>(null);
  const [pendingApproval, setPendingApproval] = useState<string | null>(null);
  const form = useFirstScreenForm<SignInFormInput, SignInFormValues>({
    resolver: schema.resolver,
    defaultValues: { email: '', password: '', remember_session: false },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => schema.preload(), []);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = await signInRequest({ ...values, tenant_id: tenant.id });
      // SPEC §4: the reference data is in place before the first signed-in screen shows.
      await loadReferenceData(queryClient, tenant.id);
      startSession(answer);
    } catch (error) {
      const outcome = signInProblem(error);
      if (outcome.kind === 'offline') showToast(OFFLINE_MESSAGE, 'error');
      else if (outcome.kind === 'pendingApproval') setPendingApproval(outcome.message);
      else setProblem(outcome.message);
    }
  });

  if (pendingApproval) {
    return (
      <PendingApproval
        message={pendingApproval}
        onBack={() => {
          setPendingApproval(null);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <CardPage
      title="Sign in"
      lead={<p>Welcome back to {tenant.branding.productName}. Sign in with your email address.</p>}
      footer={
        <p>
          Not a member yet?{' '}
          <Link to={paths.requestInvite} state={location.state}>
            {tenant.branding.home.callToAction}
          </Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {problem && <FormAlert message={problem} />}
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
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password?.message}
        />
        <div className={styles.row}>
          <label className={fieldStyles.check}>
            <input type="checkbox" {...form.register('remember_session')} />
            Remember me
          </label>
          <Link to={paths.forgotPassword} className={styles.forgot}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={isSubmitting} pendingLabel="Signing in…" wide>
          Sign In
        </SubmitButton>
      </form>
    </CardPage>
  );
}
