import type { IdentityProvider, SpCertificate } from '@kindling/contract';
import { useState } from 'react';
import { useRowChange } from '../../api/useRowChange.ts';
import buttons from '../../shell/buttons.module.css';
import { ConfirmDialog } from '../members/ConfirmDialog.tsx';
import styles from './IdentitySection.module.css';
import {
  activateSpKeys,
  identityProvidersKey,
  prepareSpKeys,
  retireSpKeys,
} from './identityApi.ts';
import { day } from './ProviderFacts.tsx';

type SamlProvider = Extract<IdentityProvider, { protocol: 'saml' }>;

const roleName: Record<SpCertificate['role'], string> = {
  current: 'In use',
  next: 'New, not yet in use',
  previous: 'Old, decrypts only',
};

/** The one step a rollover can take from where it is, in the console's words. */
function stepOf(provider: SamlProvider) {
  const has = (role: SpCertificate['role']) =>
    provider.sp_certificates.some((c) => c.role === role);
  if (has('next')) {
    return {
      label: 'Start using the new keys',
      question: 'Start using the new keys?',
      message:
        "Kindling will sign with the new key, and its metadata will list only the new certificates. Do this once your IT office has the metadata with both: their provider would otherwise refuse Kindling's sign-in requests. The old key still decrypts until you retire it.",
      run: activateSpKeys,
      done: 'Kindling now uses the new keys.',
    };
  }
  if (has('previous')) {
    return {
      label: 'Retire the old keys',
      question: 'Retire the old keys?',
      message:
        "Sign-ins still encrypted to the old certificate will be refused. Do this once your IT office's provider has read Kindling's metadata again.",
      run: retireSpKeys,
      done: 'The old keys are retired.',
    };
  }
  return {
    label: 'Prepare new keys',
    question: 'Prepare new keys?',
    message:
      'Kindling makes a new signing and encryption key and lists their certificates in its metadata beside the current ones. Sign-in goes on as before; nothing changes for members until you start using the new keys.',
    run: prepareSpKeys,
    done: 'New keys are prepared: send the metadata to your IT office.',
  };
}

/**
 * Kindling's own SAML certificates for a provider and their rollover: prepare new keys, send the
 * metadata to the IT office, start using them, send it again, retire the old ones. One button at
 * a time, the step the keys are at, each asked before it is taken.
 */
export function SpKeys({ provider }: { provider: SamlProvider }) {
  const { busy, change } = useRowChange<SamlProvider>('identity-provider', identityProvidersKey);
  const [asking, setAsking] = useState(false);
  const step = stepOf(provider);
  return (
    <section className={styles.panel} aria-labelledby="sp-keys">
      <h3 id="sp-keys" className={styles.panelTitle}>
        Kindling's keys
      </h3>
      <ul className={styles.certificates} aria-label="Kindling's certificates">
        {provider.sp_certificates.map((certificate) => (
          <li key={certificate.fingerprint_sha256}>
            <span>
              <strong>
                {certificate.use === 'signing' ? 'Signing' : 'Encryption'} certificate
              </strong>{' '}
              <span className={styles.badge} data-role={certificate.role}>
                {roleName[certificate.role]}
              </span>
            </span>
            <span className={styles.muted}>Valid until {day(certificate.not_after)}</span>
            <code className={styles.fingerprint}>SHA-256 {certificate.fingerprint_sha256}</code>
          </li>
        ))}
      </ul>
      <div className={styles.facts}>
        <h4 className={styles.factsTitle}>Replacing them, without stopping sign-in</h4>
        <ol className={styles.steps}>
          <li>Prepare new keys, then send the metadata URL to your IT office.</li>
          <li>
            Once they have it, start using the new keys, and send the metadata again (or wait for
            their provider to read it).
          </li>
          <li>Then retire the old keys.</li>
        </ol>
      </div>
      <div>
        <button
          type="button"
          className={buttons.secondary}
          disabled={busy.has(provider.id)}
          onClick={() => setAsking(true)}
        >
          {step.label}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={step.question}
          message={step.message}
          confirmLabel={step.label}
          onConfirm={() =>
            change(provider, async () => {
              await step.run(provider.id);
              return step.done;
            })
          }
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
