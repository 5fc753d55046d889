import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../forms/FormAlert.tsx';
import { PasswordField } from '../forms/PasswordField.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { useFormMutation } from '../forms/useFormMutation.ts';
import buttons from '../shell/buttons.module.css';
import styles from './account.module.css';
import { accountProblem } from './accountProblem.ts';
import { fetchMfaStatus, mfaStatusKey } from './mfaApi.ts';

interface PasswordConfirmationProps<A> {
  /** The field's label, which says what the password is for. */
  label: string;
  /** The contract's words for a password left empty. */
  missing: string;
  /** What a member without a password does instead. */
  instead: string;
  /** Sends the password, or nothing for a member without one. */
  send(body: { password?: string }): Promise<A>;
  saved(answer: A): unknown;
  submitLabel: string;
  pendingLabel: string;
  /** The form's own class, and its submit button's (a destructive action's colour). */
  className: string | undefined;
  submitClassName?: string | undefined;
  onCancel?(): void;
  /** What the form says between its failure and the field. */
  children?: ReactNode;
}

/**
 * A change the member confirms by proving it is them (CONTRACT §11): their password, or for one
 * who signs in through their institution, a sign-in there in the last 5 minutes. Until the status
 * says otherwise it asks for the password: most members have one.
 */
export function PasswordConfirmation<A>({
  label,
  missing,
  instead,
  send,
  saved,
  submitLabel,
  pendingLabel,
  className,
  submitClassName = '',
  onCancel,
  children,
}: PasswordConfirmationProps<A>) {
  const status = useQuery({
    queryKey: mfaStatusKey,
    queryFn: ({ signal }) => fetchMfaStatus(signal),
  });
  const hasPassword = status.data?.has_password ?? true;
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { submit, problem, pending } = useFormMutation(form, {
    send: ({ password }: { password: string }) => send(hasPassword ? { password } : {}),
    saved,
    problem: accountProblem,
    focus: true,
  });

  return (
    <form className={className} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      {children}
      {hasPassword ? (
        <PasswordField
          label={label}
          autoComplete="current-password"
          registration={form.register('password', { required: missing })}
          error={form.formState.errors.password?.message}
        />
      ) : (
        <p className={styles.muted}>{instead}</p>
      )}
      <div className={styles.actions}>
        {onCancel && (
          <button type="button" className={buttons.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
        <SubmitButton pending={pending} pendingLabel={pendingLabel} className={submitClassName}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
