import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { PasswordGuidelines } from '../forms/PasswordGuidelines.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import { useTenant } from '../tenant/TenantContext.ts';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { changePassword, sessionsKey } from './accountApi.ts';
import { accountProblem } from './accountProblem.ts';
import type { PasswordChangeInput } from './passwordFormSchema.ts';

const schema = lazyResolver<PasswordChangeInput, PasswordChangeInput>(() =>
  import('./passwordFormSchema.ts').then((m) => m.passwordChangeResolver),
);

const empty: PasswordChangeInput = { current_password: '', new_password: '' };

/**
 * The password change: the current password, then the new one under the tenant's rules. A member
 * who signs in only through their institution leaves the first empty and has 5 minutes after
 * signing in to set one (CONTRACT §11).
 */
export function PasswordSection() {
  const guidelines = useTenant().branding.claimProfile.setPassword;
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PasswordChangeInput>({ resolver: schema.resolver, defaultValues: empty });
  const { errors } = form.formState;

  useEffect(() => schema.preload(), []);

  const { submit, problem, pending } = useFormMutation(form, {
    send: (values: PasswordChangeInput) => {
      setDone(null);
      return changePassword(values);
    },
    saved: (answer) => {
      form.reset(empty);
      setDone(answer.message);
      return queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    problem: accountProblem,
  });

  return (
    <AccountSection
      title="Password"
      lead="Changing your password signs you out on every other device."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {problem && <FormAlert message={[problem]} />}
        {done && <FormAlert tone="success" message={[done]} />}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          registration={form.register('current_password')}
          error={errors.current_password?.message}
          description="If you sign in only through your institution, leave this empty."
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          registration={form.register('new_password')}
          error={errors.new_password?.message}
          description={
            <PasswordGuidelines title={guidelines.guidelinesTitle} items={guidelines.guidelines} />
          }
        />
        <div className={styles.actions}>
          <SubmitButton pending={pending} pendingLabel="Changing…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </AccountSection>
  );
}
