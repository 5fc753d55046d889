import type { AccountSession } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../admin/members/ConfirmDialog.tsx';
import { useRowChange } from '../api/useRowChange.ts';
import { LoadProblem } from '../errors/LoadProblem.tsx';
import { formatRelativeTime } from '../format/dates.ts';
import buttons from '../shell/buttons.module.css';
import { Spinner } from '../shell/Spinner.tsx';
import { AccountSection } from './AccountSection.tsx';
import styles from './account.module.css';
import { endOtherSessions, endSession, fetchSessions, sessionsKey } from './accountApi.ts';
import { deviceName } from './device.ts';

type Asking =
  | { kind: 'one'; session: AccountSession }
  | { kind: 'others'; current: AccountSession }
  | null;

const signedInOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * Where the member is signed in (CONTRACT §11): this device marked, each other one with its own
 * "Sign out", and all the others at once; each asks first, since the browser there is signed out.
 */
export function DevicesSection() {
  const query = useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => fetchSessions({ signal }),
  });
  const { busy, change } = useRowChange<AccountSession>('session', sessionsKey);
  const [asking, setAsking] = useState<Asking>(null);
  const sessions = query.data?.sessions ?? [];
  const current = sessions.find((session) => session.current);
  const others = sessions.filter((session) => !session.current);

  return (
    <AccountSection
      title="Signed-in devices"
      lead="Where you are signed in now. Sign out of any device you do not recognise, then change your password."
    >
      {query.isError ? (
        <LoadProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : (
        <>
          <ul className={styles.devices}>
            {query.data.sessions.map((session) => (
              <li key={session.id} className={styles.device}>
                <div className={styles.deviceText}>
                  <p className={styles.deviceName}>
                    {deviceName(session.user_agent)}
                    {session.current && <span className={styles.badge}>This device</span>}
                  </p>
                  <p className={styles.deviceTimes}>
                    Signed in {signedInOn.format(new Date(session.created_at))} · last active{' '}
                    {session.current ? 'now' : formatRelativeTime(session.last_seen_at)}
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className={buttons.secondary}
                    disabled={busy.has(session.id)}
                    aria-label={`Sign out ${deviceName(session.user_agent)}, signed in ${signedInOn.format(new Date(session.created_at))}`}
                    onClick={() => setAsking({ kind: 'one', session })}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
          {current && others.length > 0 && (
            <div className={styles.actions}>
              <button
                type="button"
                className={buttons.secondary}
                disabled={busy.has(current.id)}
                onClick={() => setAsking({ kind: 'others', current })}
              >
                Sign out of all other devices
              </button>
            </div>
          )}
        </>
      )}
      {asking?.kind === 'one' && (
        <ConfirmDialog
          title={`Sign out ${deviceName(asking.session.user_agent)}?`}
          message="That browser is signed out at once and needs your password, or your institution, to sign in again."
          confirmLabel="Sign out"
          onConfirm={() =>
            change(asking.session, async () => (await endSession(asking.session.id)).message)
          }
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'others' && (
        <ConfirmDialog
          title="Sign out of all other devices?"
          message={`${others.length} other ${others.length === 1 ? 'device is' : 'devices are'} signed out at once. This one stays signed in.`}
          confirmLabel="Sign out all others"
          // Counted against this device's row: the one change that leaves it alone.
          onConfirm={() => change(asking.current, async () => (await endOtherSessions()).message)}
          onClose={() => setAsking(null)}
        />
      )}
    </AccountSection>
  );
}
