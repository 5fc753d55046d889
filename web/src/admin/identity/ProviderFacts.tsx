import type { IdentityProvider } from '@kindling/contract';
import { CopyField } from './CopyField.tsx';
import styles from './IdentitySection.module.css';

type Certificate = { subject: string; not_after: string; fingerprint_sha256: string };

export const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function Certificates({ title, list }: { title: string; list: Certificate[] }) {
  return (
    <div className={styles.facts}>
      <h4 className={styles.factsTitle}>{title}</h4>
      {list.length === 0 ? (
        <p className={styles.muted}>None.</p>
      ) : (
        <ul className={styles.certificates}>
          {list.map((certificate) => (
            <li key={certificate.fingerprint_sha256}>
              <span>{certificate.subject}</span>
              <span className={styles.muted}>Valid until {day(certificate.not_after)}</span>
              <code className={styles.fingerprint}>SHA-256 {certificate.fingerprint_sha256}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What Kindling read from the provider and what the university's IT office needs from Kindling:
 * the redirect URI for OIDC; for SAML the service provider's metadata, and the identity
 * provider's entity id, sign-in address and certificates as read from its metadata (Kindling's
 * own certificates are under 'Kindling's keys', with their rollover).
 */
export function ProviderFacts({ provider }: { provider: IdentityProvider }) {
  if (provider.protocol === 'oidc') {
    return (
      <section className={styles.panel} aria-labelledby="provider-facts">
        <h3 id="provider-facts" className={styles.panelTitle}>
          Registration
        </h3>
        <CopyField label="Redirect URI" value={provider.redirect_uri} />
        <dl className={styles.list}>
          <dt>Authorization endpoint</dt>
          <dd>{provider.authorization_endpoint || '—'}</dd>
          <dt>Token endpoint</dt>
          <dd>{provider.token_endpoint || '—'}</dd>
        </dl>
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby="provider-facts">
      <h3 id="provider-facts" className={styles.panelTitle}>
        Registration
      </h3>
      <p className={styles.muted}>
        Send your IT office Kindling's metadata URL: it names the entity id, the assertion consumer
        service and the attributes Kindling asks for.
      </p>
      <CopyField label="SAML metadata URL" value={provider.sp_metadata_url} />
      <CopyField label="Assertion consumer service URL" value={provider.acs_url} />
      <h4 className={styles.factsTitle}>Read from the identity provider's metadata</h4>
      <dl className={styles.list}>
        <dt>Entity ID</dt>
        <dd>{provider.entity_id}</dd>
        <dt>Sign-in URL</dt>
        <dd>{provider.sso_url}</dd>
        {provider.metadata_url && (
          <>
            <dt>Metadata read from</dt>
            <dd>
              {provider.metadata_url}
              {provider.metadata_refreshed_at && ` (${day(provider.metadata_refreshed_at)})`}
            </dd>
          </>
        )}
      </dl>
      <Certificates title="Signing certificates" list={provider.signing_certificates} />
    </section>
  );
}
