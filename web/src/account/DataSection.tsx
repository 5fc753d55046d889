import { privacyMessages } from '@kindling/contract';
import { useState } from 'react';
import { paths } from '../app/paths.ts';
import { useAuth } from '../auth/AuthContext.ts';
import buttons from '../shell/buttons.module.css';
import { useTenant } from '../tenant/TenantContext.ts';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { dataExportUrl, eraseAccount } from './accountApi.ts';
import { PasswordConfirmation } from './PasswordConfirmation.tsx';

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
  return (
    <PasswordConfirmation
      label="Your password, to delete your account"
      missing={privacyMessages.password}
      instead="You sign in through your institution: sign out, sign in again there, then delete your account within 5 minutes."
      send={eraseAccount}
      saved={() => signOut({ redirectTo: paths.signIn, notice: privacyMessages.erased })}
      submitLabel="Delete my account"
      pendingLabel="Deleting…"
      className={styles.steps}
      submitClassName={styles.danger}
      onCancel={onCancel}
    >
      <p>
        <strong>This cannot be undone.</strong> You will be signed out everywhere.
      </p>
    </PasswordConfirmation>
  );
}
