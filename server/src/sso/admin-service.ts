import {
  type IdentityProviderBody,
  type IdentityProviderUpdate,
  ssoMessages,
} from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { IdentityProviderRow } from '../db/schema-sso.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { guardedFetch, urlAllowed } from '../outbound/network.ts';
import { discover } from './oidc-client.ts';
import { presentProvider } from './presenter.ts';
import {
  deleteProvider,
  findProvider,
  insertProvider,
  listProviders,
  lockProvider,
  roleExists,
  updateProvider,
} from './repository.ts';
import { NotIdpMetadataError, parseIdpMetadata } from './saml-metadata.ts';
import {
  type OidcSettings,
  openSecrets,
  type SamlSettings,
  type Secrets,
  sealSecrets,
  ssoUrls,
  oidcSettings as storedOidc,
  samlSettings as storedSaml,
} from './settings.ts';
import { generateServiceProviderKeys } from './sp-keys.ts';

const PROVIDER_NOT_FOUND = 'No such identity provider.';
const fieldError = (field: string, error: string) => badRequest(error, [{ field, error }]);

interface Actor {
  tenantId: number;
  userId: number;
}

export async function listIdentityProviders(deps: Deps, tenantId: number) {
  const rows = await inTenant(deps.database.db, tenantId, (tx) => listProviders(tx, tenantId));
  return {
    identity_providers: rows.map((row) => presentProvider(deps.config, row)),
    oidc_redirect_uri: ssoUrls(deps.config).oidcCallback,
  };
}

/** The issuer's discovery document, read now: an issuer that cannot be read is a 400 on it. */
async function readOidc(deps: Deps, body: { issuer: string; client_id: string; scopes: string }) {
  if (!urlAllowed(deps.config.providerNetwork, body.issuer)) {
    throw fieldError('issuer', ssoMessages.unsafeUrl);
  }
  try {
    const discovery = await discover(deps.config, body.issuer, body.client_id);
    return { issuer: discovery.issuer, client_id: body.client_id, scopes: body.scopes, discovery };
  } catch {
    throw fieldError('issuer', ssoMessages.issuerUnreadable);
  }
}

/** The metadata from its URL or as pasted; anything not an identity provider's is a 400 on it. */
async function readMetadata(
  deps: Deps,
  body: { metadata_xml?: string | undefined; metadata_url?: string | undefined },
) {
  let xml = body.metadata_xml;
  const field = body.metadata_url === undefined ? 'metadata_xml' : 'metadata_url';
  if (body.metadata_url !== undefined) {
    if (!urlAllowed(deps.config.providerNetwork, body.metadata_url)) {
      throw fieldError(field, ssoMessages.unsafeUrl);
    }
    try {
      const answer = await guardedFetch(deps.config.providerNetwork)(body.metadata_url);
      if (!answer.ok) throw new Error(`status ${answer.status}`);
      xml = await answer.text();
    } catch {
      throw fieldError(field, ssoMessages.metadataUnreadable);
    }
  }
  try {
    const read = parseIdpMetadata(xml ?? '');
    return { xml: xml ?? '', read };
  } catch (error) {
    if (error instanceof NotIdpMetadataError) throw fieldError(field, ssoMessages.notIdpMetadata);
    throw error;
  }
}

async function checkRole(deps: Deps, tenantId: number, roleId: number) {
  const known = await inTenant(deps.database.db, tenantId, (tx) =>
    roleExists(tx, tenantId, roleId),
  );
  if (!known) throw fieldError('default_role_id', ssoMessages.role);
}

const commonValues = (body: IdentityProviderBody | IdentityProviderUpdate) => ({
  name: body.name,
  enabled: body.enabled,
  emailDomains: body.email_domains,
  autoApprove: body.auto_approve,
  defaultRoleId: body.default_role_id,
});

/** CONTRACT §8 POST /admin/identity-providers. */
export async function createIdentityProvider(
  deps: Deps,
  actor: Actor,
  body: IdentityProviderBody,
): Promise<number> {
  const { tenantId } = actor;
  await checkRole(deps, tenantId, body.default_role_id);
  let settings: OidcSettings | Omit<SamlSettings, 'sp_certificates'>;
  let secrets: Secrets;
  if (body.protocol === 'oidc') {
    settings = await readOidc(deps, body);
    secrets = { client_secret: body.client_secret };
  } else {
    const { xml, read } = await readMetadata(deps, body);
    settings = samlValues(body.metadata_url ?? null, xml, read);
    const host = new URL(deps.config.publicUrl).host;
    secrets = { sp: await generateServiceProviderKeys(host, deps.now()) };
  }
  const full =
    secrets.sp === undefined
      ? settings
      : {
          ...settings,
          sp_certificates: {
            signing: secrets.sp.signing.certificate,
            encryption: secrets.sp.encryption.certificate,
          },
        };
  const now = deps.now();
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const id = await insertProvider(tx, tenantId, {
      protocol: body.protocol,
      ...commonValues(body),
      settings: full,
      sealed: sealSecrets(deps.config, tenantId, secrets),
      refreshedAt: body.protocol === 'saml' && body.metadata_url ? now : null,
    });
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: 'identity-provider.create',
      targetType: 'identity_provider',
      targetId: id,
      summary: `Added the ${body.protocol.toUpperCase()} identity provider '${body.name}'.`,
      detail: { protocol: body.protocol, email_domains: body.email_domains },
    });
    return id;
  });
}

function samlValues(
  metadataUrl: string | null,
  xml: string,
  read: ReturnType<typeof parseIdpMetadata>,
): Omit<SamlSettings, 'sp_certificates'> {
  return {
    metadata_url: metadataUrl,
    metadata_xml: xml,
    entity_id: read.entityId,
    sso_url: read.ssoUrl,
    signing_certificates: read.signingCertificates,
  };
}

/** The names of the fields an update changed, for the audit entry; never a secret's value. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** CONTRACT §8 PUT /admin/identity-providers/{id}: a secret or metadata left out is kept. */
export async function updateIdentityProvider(
  deps: Deps,
  actor: Actor,
  id: number,
  body: IdentityProviderUpdate,
): Promise<void> {
  const { tenantId } = actor;
  const current = await inTenant(deps.database.db, tenantId, (tx) =>
    findProvider(tx, tenantId, id),
  );
  if (!current) throw notFound(PROVIDER_NOT_FOUND);
  if (current.protocol !== body.protocol) throw fieldError('protocol', ssoMessages.protocolFixed);
  await checkRole(deps, tenantId, body.default_role_id);
  let settings: Record<string, unknown>;
  let sealed: string | null = current.sealed;
  let refreshedAt = current.refreshedAt;
  if (body.protocol === 'oidc') {
    const before = storedOidc(current);
    const rediscover = before.issuer !== body.issuer || before.client_id !== body.client_id;
    settings = rediscover
      ? await readOidc(deps, body)
      : { ...before, scopes: body.scopes, client_id: body.client_id };
    if (body.client_secret !== undefined) {
      const secrets = openSecrets(deps.config, current);
      sealed = sealSecrets(deps.config, tenantId, {
        ...secrets,
        client_secret: body.client_secret,
      });
    }
  } else {
    const before = storedSaml(current);
    settings = { ...before };
    if (body.metadata_xml !== undefined || body.metadata_url !== undefined) {
      const { xml, read } = await readMetadata(deps, body);
      settings = { ...before, ...samlValues(body.metadata_url ?? null, xml, read) };
      refreshedAt = body.metadata_url ? deps.now() : null;
    }
  }
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const locked = await lockProvider(tx, tenantId, id);
    if (!locked) throw notFound(PROVIDER_NOT_FOUND);
    // Kindling's SAML keys as they are now: a key rollover step may have come in between.
    const values =
      locked.protocol === 'saml'
        ? {
            ...commonValues(body),
            settings: { ...settings, ...keysOf(storedSaml(locked)) },
            sealed: locked.sealed,
            refreshedAt,
          }
        : { ...commonValues(body), settings, sealed, refreshedAt };
    const fields = changedFields(describe(locked), describe({ ...locked, ...values }));
    await updateProvider(tx, tenantId, id, values, deps.now());
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: 'identity-provider.update',
      targetType: 'identity_provider',
      targetId: id,
      summary: `Changed the identity provider '${body.name}'${fields.length ? `: ${fields.join(', ')}` : ''}.`,
      detail: { fields },
    });
  });
}

/**
 * The settings that name Kindling's own SAML certificates, which only the rollover changes; each
 * present, even when undefined, so that it replaces what an earlier read held (JSON drops it).
 */
function keysOf(settings: SamlSettings) {
  const { sp_certificates, sp_next_certificates, sp_previous_certificates } = settings;
  return { sp_certificates, sp_next_certificates, sp_previous_certificates };
}

/** What an update is compared on, with the secrets as whether they changed and not as values. */
function describe(row: IdentityProviderRow) {
  const settings = row.settings as Record<string, unknown>;
  return {
    name: row.name,
    enabled: row.enabled,
    email_domains: row.emailDomains,
    auto_approve: row.autoApprove,
    default_role_id: row.defaultRoleId,
    issuer: settings.issuer,
    client_id: settings.client_id,
    scopes: settings.scopes,
    secret: row.sealed,
    metadata_url: settings.metadata_url,
    metadata: settings.metadata_xml,
  };
}

/** CONTRACT §8 DELETE /admin/identity-providers/{id}: its members' links go with it. */
export async function deleteIdentityProvider(deps: Deps, actor: Actor, id: number) {
  const { tenantId } = actor;
  await inTenant(deps.database.db, tenantId, async (tx) => {
    const current = await lockProvider(tx, tenantId, id);
    if (!current || !(await deleteProvider(tx, tenantId, id))) throw notFound(PROVIDER_NOT_FOUND);
    await recordAudit(tx, {
      tenantId,
      actorId: actor.userId,
      action: 'identity-provider.delete',
      targetType: 'identity_provider',
      targetId: id,
      summary: `Removed the identity provider '${current.name}'.`,
      detail: { protocol: current.protocol },
    });
  });
}
