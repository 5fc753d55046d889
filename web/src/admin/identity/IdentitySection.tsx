import type { IdentityProvider } from '@kindling/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { useRowChange } from '../../api/useRowChange.ts';
import { paths } from '../../app/paths.ts';
import { LoadProblem } from '../../errors/LoadProblem.tsx';
import buttons from '../../shell/buttons.module.css';
import { Spinner } from '../../shell/Spinner.tsx';
import { ConfirmDialog } from '../members/ConfirmDialog.tsx';
import { CopyField } from './CopyField.tsx';
import styles from './IdentitySection.module.css';
import {
  deleteIdentityProvider,
  fetchIdentityProviders,
  identityProvidersKey,
} from './identityApi.ts';
import { ProviderEditor } from './ProviderEditor.tsx';
import { ProviderFacts } from './ProviderFacts.tsx';
import { emptyProvider, providerToForm } from './providerForm.ts';
import { SpKeys } from './SpKeys.tsx';
import { TestSignIn } from './TestSignIn.tsx';

const base = `${paths.admin}/identity`;
const protocolName = { oidc: 'OpenID Connect', saml: 'SAML 2.0' } as const;

function useProviders() {
  return useQuery({
    queryKey: identityProvidersKey,
    queryFn: ({ signal }) => fetchIdentityProviders(signal),
  });
}

function Loading({ query }: { query: ReturnType<typeof useProviders> }) {
  if (query.error) return <LoadProblem error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className={styles.loading}>
      <Spinner />
    </div>
  );
}

function ProviderList() {
  const query = useProviders();
  const { busy, change } = useRowChange<IdentityProvider>(
    'identity-provider',
    identityProvidersKey,
  );
  const [asking, setAsking] = useState<IdentityProvider | null>(null);
  if (!query.data) return <Loading query={query} />;
  const { identity_providers: providers, oidc_redirect_uri } = query.data;
  return (
    <div className={styles.section}>
      <div className={styles.addRow}>
        <Link to={`${base}/new/oidc`} className={buttons.primary}>
          Add OIDC provider
        </Link>
        <Link to={`${base}/new/saml`} className={buttons.secondary}>
          Add SAML provider
        </Link>
      </div>
      <section className={styles.panel} aria-labelledby="kindling-side">
        <h2 id="kindling-side" className={styles.panelTitle}>
          For your IT office
        </h2>
        <p className={styles.muted}>
          Register this redirect URI with an OpenID Connect provider before adding it. A SAML
          provider's metadata URL is shown once it is added.
        </p>
        <CopyField label="Redirect URI" value={oidc_redirect_uri} />
      </section>
      {providers.length === 0 ? (
        <p className={styles.muted}>
          No identity providers yet: members sign in with their email and password.
        </p>
      ) : (
        <ul className={styles.cards} aria-label="Identity providers">
          {providers.map((provider) => (
            <li key={provider.id} className={styles.card} aria-busy={busy.has(provider.id)}>
              <div className={styles.cardHead}>
                <h2 className={styles.cardTitle}>
                  <Link to={`${base}/${provider.id}`}>{provider.name}</Link>
                </h2>
                <span className={styles.badge} data-on={provider.enabled}>
                  {provider.enabled ? 'Enabled' : 'Disabled'}
                </span>
              </div>
              <p className={styles.muted}>
                {protocolName[provider.protocol]} · {provider.email_domains.join(', ')}
                {provider.auto_approve ? ' · newcomers admitted at once' : ''}
              </p>
              <div className={styles.cardActions}>
                <Link
                  to={`${base}/${provider.id}`}
                  className={buttons.secondary}
                  aria-label={`Edit ${provider.name}`}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className={buttons.ghost}
                  disabled={busy.has(provider.id)}
                  onClick={() => setAsking(provider)}
                  aria-label={`Delete ${provider.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={`Delete ${asking.name}?`}
          message={`Members will no longer sign in through ${asking.name}, and their links to it are removed. Members who have no password will need an administrator's help or a password reset.`}
          confirmLabel="Delete provider"
          onConfirm={() =>
            change(asking, async () => {
              await deleteIdentityProvider(asking.id);
              return `Deleted ${asking.name}.`;
            })
          }
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function NewProvider() {
  const navigate = useNavigate();
  const { protocol } = useParams();
  if (protocol !== 'oidc' && protocol !== 'saml') {
    return <p className={styles.muted}>There is no such kind of provider.</p>;
  }
  return (
    <div className={styles.section}>
      <h2 className={styles.heading}>New {protocolName[protocol]} provider</h2>
      <ProviderEditor
        initial={emptyProvider(protocol)}
        keeps={false}
        onSaved={(id) => navigate(`${base}/${id}`)}
        onCancel={() => navigate(base)}
      />
    </div>
  );
}

function EditProvider() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useProviders();
  if (!query.data) return <Loading query={query} />;
  const provider = query.data.identity_providers.find((p) => p.id === id);
  if (!provider) {
    return (
      <p className={styles.muted}>
        There is no such identity provider. <Link to={base}>Back to the providers</Link>
      </p>
    );
  }
  return (
    <div className={styles.section}>
      <p>
        <Link to={base}>All identity providers</Link>
      </p>
      <h2 className={styles.heading}>
        {provider.name} <span className={styles.muted}>({protocolName[provider.protocol]})</span>
      </h2>
      <ProviderFacts provider={provider} />
      {provider.protocol === 'saml' && <SpKeys provider={provider} />}
      <TestSignIn provider={provider} />
      <ProviderEditor
        key={provider.updated_at}
        id={provider.id}
        initial={providerToForm(provider)}
        keeps
        onSaved={() => {}}
        onCancel={() => navigate(base)}
      />
    </div>
  );
}

/** The console's identity providers (CONTRACT §8): the list, adding one, and each one's page. */
export function IdentitySection() {
  return (
    <Routes>
      <Route index element={<ProviderList />} />
      <Route path="new/:protocol" element={<NewProvider />} />
      <Route path=":id" element={<EditProvider />} />
    </Routes>
  );
}
