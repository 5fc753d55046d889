import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, problemMessage } from '../api/apiError.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { lazyResolver } from '../forms/lazyResolver.ts';
import type { Message } from '../forms/message.ts';
import { PasswordField } from '../forms/PasswordField.tsx';
import { PasswordGuidelines } from '../forms/PasswordGuidelines.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { changePassword, sessionsKey } from './accountApi.ts';
import type { PasswordChangeInput } from './passwordFormSchema.ts';

const schema = lazyResolver<PasswordChangeInput, PasswordChangeInput>(() =>
  import('./passwordFormSchema.ts').then((m) => m.passwordChangeResolver),
);

const empty: PasswordChangeInput = { current_password: '', new_password: '' };
const fields = new Set(Object.keys(empty));

/**
 * The password change: the current password, then the new one under the tenant's rules. A member
 * who signs in only through their institution leaves the first empty and has 5 minutes after
 * signing in to set one (CONTRACT §11).
 */
export function PasswordSection() {
  const guidelines = useTenant().branding.claimProfile.setPassword;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Message | null>(null);
  const [done, setDone] = useState<Message | null>(null);
  const form = useForm<PasswordChangeInput>({ resolver: schema.resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => schema.preload(), []);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    setDone(null);
    try {
      const answer = await changePassword(values);
      form.reset(empty);
      setDone([answer.message]);
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
    } catch (error) {
      const perField = isApiError(error)
        ? error.details.filter((detail) => fields.has(detail.field))
        : [];
      for (const detail of perField) {
        form.setError(detail.field as keyof PasswordChangeInput, { message: detail.error });
      }
      if (perField.length === 0) setProblem([problemMessage(error)]);
    }
  });

  return (
    <AccountSection
      title="Password"
      lead="Changing your password signs you out on every other device."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {problem && <FormAlert message={problem} />}
        {done && <FormAlert tone="success" message={done} />}
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
          <SubmitButton pending={isSubmitting} pendingLabel="Changing…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </AccountSection>
  );
}
