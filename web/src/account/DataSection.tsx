import { privacyMessages } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, problemMessage } from '../api/apiError.ts';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { PasswordField } from '../forms/PasswordField.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import buttons from '../shell/buttons.module.css';
import { useTenant } from '../tenant/TenantContext.ts';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { dataExportUrl, eraseAccount } from './accountApi.ts';
import { fetchMfaStatus, mfaStatusKey } from './mfaApi.ts';

/**
 * CONTRACT §11's "Your data": a download of everything Kindling holds about the member, and the
 * erasure of their account after they prove it is them (the password, or a sign-in through their
 * institution in the last 5 minutes), which lands them on the sign-in screen with a notice.
 */
export function DataSection() {
  const product = useTenant().branding.productName;
  const [confirming, setConfirming] = useState(false);
  return (
    <AccountSection
      title="Your data"
      lead={`Take a copy of what ${product} holds about you, or delete your account.`}
    >
      <p>
        Your profile, ideas, comments, requests, follows, notifications, sign-ins and what you did
        as an administrator, in one JSON file.
      </p>
      <div className={styles.actions}>
        <a className={buttons.secondary} href={dataExportUrl} download>
          Download my data
        </a>
      </div>
      <h3 className={styles.subheading}>Delete my account</h3>
      <p>
        Your account, profile, photo, follows, requests and notifications are deleted for good. The
        ideas you lead and your comments stay, shown as ‘{privacyMessages.formerMember}’.
      </p>
      {confirming ? (
        <ConfirmErasure onCancel={() => setConfirming(false)} />
      ) : (
        <div className={styles.actions}>
          <button type="button" className={buttons.secondary} onClick={() => setConfirming(true)}>
            Delete my account…
          </button>
        </div>
      )}
    </AccountSection>
  );
}

function ConfirmErasure({ onCancel }: { onCancel(): void }) {
  const { signOut } = useAuth();
  const status = useQuery({
    queryKey: mfaStatusKey,
    queryFn: ({ signal }) => fetchMfaStatus(signal),
  });
  // Until the status says otherwise, ask for the password: most members have one.
  const hasPassword = status.data?.has_password ?? true;
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ password }) => {
    setProblem(null);
    try {
      await eraseAccount(hasPassword ? { password } : {});
    } catch (error) {
      const detail = isApiError(error) ? error.details.find((d) => d.field === 'password') : null;
      if (detail) form.setError('password', { message: detail.error }, { shouldFocus: true });
      else setProblem(problemMessage(error));
      return;
    }
    await signOut({ redirectTo: paths.signIn, notice: privacyMessages.erased });
  });

  return (
    <form className={styles.steps} onSubmit={submit} noValidate>
      {problem && <FormAlert message={[problem]} />}
      <p>
        <strong>This cannot be undone.</strong> You will be signed out everywhere.
      </p>
      {hasPassword ? (
        <PasswordField
          label="Your password, to delete your account"
          autoComplete="current-password"
          registration={form.register('password', { required: privacyMessages.password })}
          error={errors.password?.message}
        />
      ) : (
        <p className={styles.muted}>
          You sign in through your institution: sign out, sign in again there, then delete your
          account within 5 minutes.
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton pending={isSubmitting} pendingLabel="Deleting…" className={styles.danger}>
          Delete my account
        </SubmitButton>
      </div>
    </form>
  );
}
