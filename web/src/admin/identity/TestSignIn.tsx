import type { IdentityProvider, SsoTestResult } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { ssoErrorOutcome } from '../../auth/ssoErrors.ts';
import buttons from '../../shell/buttons.module.css';
import { useTenant } from '../../tenant/TenantContext.ts';
import styles from './IdentitySection.module.css';
import { fetchTestResult, testResultKey } from './identityApi.ts';

/** What the matching rules would do, in the console's words. */
function outcomeText(result: SsoTestResult): string {
  const who = result.member?.email ?? result.asserted?.email ?? 'this person';
  switch (result.outcome) {
    case 'sign_in':
      return `Would sign in ${who}.`;
    case 'claim':
      return `Would claim the approved profile of ${who} and sign them in, with no password.`;
    case 'admit':
      return `Would admit ${who} as a new member and sign them in (newcomers are admitted at once).`;
    case 'queue':
      return `Would queue ${who} as an invitation request for an administrator to approve; they would see 'Account Pending Approval'.`;
    case 'refuse': {
      const said = ssoErrorOutcome(result.code);
      const message = said?.kind === 'message' ? said.message : 'Account Pending Approval.';
      return `Would refuse with ${result.code}: ${message}`;
    }
  }
}

function Result({ result }: { result: SsoTestResult }) {
  const asserted = result.asserted;
  const attributes = Object.entries(asserted?.attributes ?? {});
  return (
    <div role="status" className={styles.testResult} data-outcome={result.outcome}>
      <p className={styles.testOutcome}>{outcomeText(result)}</p>
      {result.reason && <p className={styles.muted}>Reason: {result.reason}</p>}
      {asserted ? (
        <dl className={styles.list}>
          <dt>Issuer</dt>
          <dd>{asserted.issuer}</dd>
          {asserted.name_id !== null && (
            <>
              <dt>NameID</dt>
              <dd>{asserted.name_id}</dd>
            </>
          )}
          <dt>Stable identifier</dt>
          <dd>
            {asserted.subject}{' '}
            <span className={styles.muted}>
              ({result.linked ? 'already linked' : 'would be linked on first sign-in'})
            </span>
          </dd>
          <dt>Email</dt>
          <dd>
            {asserted.email ?? '—'}{' '}
            <span className={styles.muted}>
              ({asserted.email_verified ? 'verified' : 'not verified'})
            </span>
          </dd>
          <dt>Names</dt>
          <dd>{[asserted.given_name, asserted.family_name].filter(Boolean).join(' ') || '—'}</dd>
          {attributes.map(([name, value]) => (
            <FragmentPair key={name} name={name} value={value} />
          ))}
        </dl>
      ) : (
        <p className={styles.muted}>Nothing was read: the provider's answer was refused.</p>
      )}
      <p className={styles.muted}>
        Tested {new Date(result.tested_at).toLocaleTimeString()}. Nobody was signed in or changed.
      </p>
    </div>
  );
}

function FragmentPair({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt className={styles.attributeName}>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * "Test sign-in": the administrator goes through the provider and comes back here, to what arrived
 * and what the matching rules would do, without signing anyone in (CONTRACT §8; decision 0031).
 */
export function TestSignIn({ provider }: { provider: IdentityProvider }) {
  const tenant = useTenant();
  const query = useQuery({
    queryKey: testResultKey(provider.id),
    queryFn: ({ signal }) => fetchTestResult(provider.id, signal),
  });
  const start = `/api/v1/auth/sso/${provider.id}/start?${new URLSearchParams({
    tenant_id: String(tenant.id),
    test: 'true',
  })}`;
  return (
    <section className={styles.panel} aria-labelledby="test-sign-in">
      <h3 id="test-sign-in" className={styles.panelTitle}>
        Test sign-in
      </h3>
      <p className={styles.muted}>
        Sign in through {provider.name} yourself to see what it sends and what Kindling would do
        with that person. Nobody is signed in or changed, and you stay signed in as yourself.
      </p>
      <a href={start} className={`${buttons.secondary} ${styles.testStart}`}>
        Test sign-in
      </a>
      {query.data?.result && <Result result={query.data.result} />}
    </section>
  );
}
