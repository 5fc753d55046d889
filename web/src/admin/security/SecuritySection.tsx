import { type AdminSecurity, mfaMessages } from '@kindling/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import styles from '../../account/account.module.css';
import { problemMessage } from '../../api/apiError.ts';
import { paths } from '../../app/paths.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import fieldStyles from '../../forms/Field.module.css';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { Spinner } from '../../shell/Spinner.tsx';
import { showToast } from '../../shell/showToast.ts';
import { adminSecurityKey, fetchAdminSecurity, saveAdminSecurity } from './securityApi.ts';

/**
 * The console's Security section (CONTRACT §11): whether every administrator must sign in with a
 * second factor. A switch that saves as it is flipped; the server refuses to turn it on for an
 * administrator without one of their own, who would be locked out of the console at once.
 */
export function SecuritySection() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminSecurityKey,
    queryFn: ({ signal }) => fetchAdminSecurity(signal),
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (query.isError) return <LoadProblem error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Spinner />;

  const save = async (next: AdminSecurity) => {
    setSaving(true);
    setProblem(null);
    try {
      queryClient.setQueryData(adminSecurityKey, await saveAdminSecurity(next));
      showToast(
        next.require_mfa_for_admins
          ? 'Administrators now need two-step verification.'
          : 'Administrators no longer need two-step verification.',
        'success',
      );
    } catch (error) {
      setProblem(problemMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="admin-security-heading">
      <h2 id="admin-security-heading" className={styles.heading}>
        Two-step verification
      </h2>
      {problem && (
        <FormAlert
          message={
            problem === mfaMessages.ownFirst
              ? [problem, ' ', { to: paths.account, label: 'Set it up now.' }]
              : [problem]
          }
        />
      )}
      <label className={fieldStyles.check}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={query.data.require_mfa_for_admins}
          checked={query.data.require_mfa_for_admins}
          disabled={saving}
          onChange={(event) => void save({ require_mfa_for_admins: event.target.checked })}
        />
        Require two-step verification for administrators
      </label>
      <p className={styles.muted}>
        When on, an administrator without it is asked to set it up with an authenticator app right
        after signing in, and can do nothing else until then. Members who sign in through your
        institution’s single sign-on follow its own rules instead. Your own:{' '}
        <Link to={paths.account}>Account and security</Link>.
      </p>
    </section>
  );
}
