import { ssoMessages } from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { describeSpCertificates } from './presenter.ts';
import { lockProvider, updateProvider } from './repository.ts';
import {
  openSecrets,
  type SamlSettings,
  type Secrets,
  samlSettings,
  sealSecrets,
} from './settings.ts';
import { generateServiceProviderKeys, type ServiceProviderKeys } from './sp-keys.ts';

interface Actor {
  tenantId: number;
  userId: number;
}

/** A provider's settings and sealed keys as one rollover step leaves them. */
interface KeysState {
  settings: SamlSettings;
  secrets: Secrets;
}

const certificatesOf = (keys: ServiceProviderKeys) => ({
  signing: keys.signing.certificate,
  encryption: keys.encryption.certificate,
});

/**
 * One step of the rollover of Kindling's SAML keys for a provider, under the provider's row lock
 * so that two administrators' steps (or a step and a change of the provider) apply one after the
 * other: the step reads the locked keys, refuses when they are not at its stage, and writes the
 * keys, their certificates and the audit entry in the same transaction.
 */
async function step(
  deps: Deps,
  actor: Actor,
  id: number,
  audit: { action: string; summary: (name: string) => string },
  change: (state: KeysState) => KeysState,
) {
  const { tenantId } = actor;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const row = await lockProvider(tx, tenantId, id);
    if (!row) throw notFound('No such identity provider.');
    if (row.protocol !== 'saml') throw badRequest(ssoMessages.spKeysNotSaml);
    const next = change(stateOf(deps, row));
    await updateProvider(
      tx,
      tenantId,
      id,
      {
        settings: next.settings,
        sealed: sealSecrets(deps.config, tenantId, next.secrets),
      },
      deps.now(),
    );
    const certificates = describeSpCertificates(next.settings);
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: audit.action,
      targetType: 'identity_provider',
      targetId: id,
      summary: audit.summary(row.name),
      detail: {
        certificates: certificates.map((c) => ({
          role: c.role,
          use: c.use,
          fingerprint_sha256: c.fingerprint_sha256,
        })),
      },
    });
    return certificates;
  });
}

const stateOf = (deps: Deps, row: IdentityProviderRow): KeysState => ({
  settings: samlSettings(row),
  secrets: openSecrets(deps.config, row),
});

/**
 * Makes the next signing and encryption keys of a SAML provider, published in its metadata
 * beside the current ones; Kindling keeps signing with the current key and decrypts with either.
 * The keys are made before the transaction (a key pair takes a moment) and dropped if refused.
 */
export async function prepareServiceProviderKeys(deps: Deps, actor: Actor, id: number) {
  const host = new URL(deps.config.publicUrl).host;
  const made = await generateServiceProviderKeys(host, deps.now());
  return step(
    deps,
    actor,
    id,
    {
      action: 'identity-provider.keys-prepare',
      summary: (name) => `Prepared new SAML keys for '${name}', published beside the current ones.`,
    },
    ({ settings, secrets }) => {
      if (secrets.sp_next) throw badRequest(ssoMessages.spKeysPrepared);
      if (secrets.sp_previous) throw badRequest(ssoMessages.spKeysRetireFirst);
      return {
        settings: { ...settings, sp_next_certificates: certificatesOf(made) },
        secrets: { ...secrets, sp_next: made },
      };
    },
  );
}

/**
 * The next keys become current: Kindling signs with the new key from now on, and the metadata
 * publishes only the new certificates. The old encryption key stays, as previous, to decrypt
 * what an identity provider that has not read the metadata again still encrypts to it.
 */
export async function activateServiceProviderKeys(deps: Deps, actor: Actor, id: number) {
  return step(
    deps,
    actor,
    id,
    {
      action: 'identity-provider.keys-activate',
      summary: (name) => `Started using the new SAML keys for '${name}'.`,
    },
    ({ settings, secrets }) => {
      const { sp: current, sp_next: next, ...rest } = secrets;
      const { sp_next_certificates: _, ...kept } = settings;
      if (!next || !current) throw badRequest(ssoMessages.spKeysNoNext);
      return {
        settings: {
          ...kept,
          sp_certificates: certificatesOf(next),
          sp_previous_certificates: { encryption: current.encryption.certificate },
        },
        secrets: { ...rest, sp: next, sp_previous: { encryption: current.encryption } },
      };
    },
  );
}

/** The previous encryption key is forgotten: what is still encrypted to it can be read no more. */
export async function retireServiceProviderKeys(deps: Deps, actor: Actor, id: number) {
  return step(
    deps,
    actor,
    id,
    {
      action: 'identity-provider.keys-retire',
      summary: (name) => `Retired the old SAML keys of '${name}'.`,
    },
    ({ settings, secrets }) => {
      const { sp_previous: previous, ...rest } = secrets;
      const { sp_previous_certificates: _, ...kept } = settings;
      if (!previous) throw badRequest(ssoMessages.spKeysNoPrevious);
      return { settings: kept, secrets: rest };
    },
  );
}
