import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { identityProviders } from '../db/schema-sso.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { guardedFetch, urlAllowed } from '../outbound/network.ts';
import { hourlyPeriod } from '../scheduler/periods.ts';
import type { DeploymentJob } from '../scheduler/scheduler.ts';
import { lockProvider, updateProvider } from './repository.ts';
import { parseIdpMetadata } from './saml-metadata.ts';
import { type SamlSettings, samlSettings } from './settings.ts';

/** CONTRACT §8: metadata given by URL is read again daily. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

interface Due {
  tenantId: number;
  id: number;
  url: string;
  /** When it was last read: put back when this read fails, so the next look tries again. */
  previous: Date;
}

/**
 * Claims, across every tenant, the SAML providers whose metadata URL was last read a day ago or
 * more, by moving their `refreshed_at` to now in one statement: a second process's claim finds
 * them no longer due, so each is read by one process. Like the outbox and the upload sweep, this
 * job serves every tenant by nature and keeps its own cross-tenant query (db/system.ts).
 */
async function claimDue(db: Executor, now: Date): Promise<Due[]> {
  const before = new Date(now.getTime() - REFRESH_AFTER_MS);
  const due = await db
    .select({
      tenantId: identityProviders.tenantId,
      id: identityProviders.id,
      previous: identityProviders.refreshedAt,
    })
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.protocol, 'saml'),
        isNotNull(identityProviders.refreshedAt),
        lt(identityProviders.refreshedAt, before),
      ),
    );
  const claimed: Due[] = [];
  for (const row of due) {
    const [taken] = await db
      .update(identityProviders)
      .set({ refreshedAt: now })
      .where(
        and(
          eq(identityProviders.tenantId, row.tenantId),
          eq(identityProviders.id, row.id),
          lt(identityProviders.refreshedAt, before),
        ),
      )
      .returning({ url: sql<string | null>`${identityProviders.settings} ->> 'metadata_url'` });
    if (taken?.url && row.previous)
      claimed.push({ ...row, url: taken.url, previous: row.previous });
  }
  return claimed;
}

/**
 * Reads again, once a day, the metadata of SAML providers given by URL (CONTRACT §8), so that a
 * rotated signing certificate or a moved endpoint at the identity provider reaches Kindling
 * without an administrator. Metadata that cannot be read, is not one identity provider's, or now
 * names another entity is not taken: the provider keeps what it had, the failure is logged, and
 * the read is tried again at the next look.
 */
export class MetadataRefresher implements DeploymentJob {
  readonly name = 'saml-metadata-refresh';
  /** Looked for hourly, once across processes; a failed read is tried at the next look. */
  readonly period = hourlyPeriod;

  constructor(private readonly deps: Pick<Deps, 'database' | 'logger' | 'now' | 'config'>) {}

  /** The providers due are claimed with the period; their metadata is read after the commit. */
  async run(tx: Tx, now: Date) {
    const due = await claimDue(tx, now);
    return () => this.refreshClaimed(due);
  }

  /** One pass to the end outside the schedule; answers how many providers took new metadata. */
  async refresh(): Promise<number> {
    let due: Due[];
    try {
      due = await claimDue(this.deps.database.db, this.deps.now());
    } catch (error) {
      // The database away is the next pass's problem; nothing was lost.
      this.deps.logger.warn({ err: error }, 'could not refresh SAML metadata');
      return 0;
    }
    return this.refreshClaimed(due);
  }

  private async refreshClaimed(due: Due[]): Promise<number> {
    let changed = 0;
    for (const provider of due) {
      try {
        if (await this.refreshOne(provider)) changed++;
      } catch (error) {
        // The database away mid-pass: this provider waits for tomorrow's read, the rest go on.
        this.deps.logger.warn(
          { err: error, provider: provider.id },
          'could not refresh SAML metadata',
        );
      }
    }
    return changed;
  }

  private async refreshOne(due: Due): Promise<boolean> {
    const { config, logger } = this.deps;
    let read: ReturnType<typeof parseIdpMetadata>;
    let xml: string;
    try {
      if (!urlAllowed(config.providerNetwork, due.url)) throw new Error('address not allowed');
      const answer = await guardedFetch(config.providerNetwork)(due.url);
      if (!answer.ok) throw new Error(`status ${answer.status}`);
      xml = await answer.text();
      read = parseIdpMetadata(xml);
    } catch (error) {
      logger.warn(
        { err: error, provider: due.id, tenantId: due.tenantId },
        'SAML metadata not read',
      );
      await this.putBack(due);
      return false;
    }
    const outcome = await inTenant(this.deps.database.db, due.tenantId, async (tx) => {
      const row = await lockProvider(tx, due.tenantId, due.id);
      if (!row) return 'gone';
      const before = samlSettings(row);
      if (before.metadata_url !== due.url) return 'gone';
      if (read.entityId !== before.entity_id) return 'other entity';
      const settings: SamlSettings = {
        ...before,
        metadata_xml: xml,
        sso_url: read.ssoUrl,
        signing_certificates: read.signingCertificates,
      };
      const fields = [
        ...(settings.sso_url !== before.sso_url ? ['sso_url'] : []),
        ...(JSON.stringify(settings.signing_certificates) !==
        JSON.stringify(before.signing_certificates)
          ? ['signing_certificates']
          : []),
      ];
      if (fields.length === 0) return 'same';
      await updateProvider(tx, due.tenantId, due.id, { settings }, this.deps.now());
      await recordAudit(tx, {
        tenantId: due.tenantId,
        actorId: null,
        action: 'identity-provider.refresh',
        targetType: 'identity_provider',
        targetId: due.id,
        summary: `The metadata of '${row.name}' was read again from its URL: ${fields.join(', ')} changed.`,
        detail: { fields },
      });
      return 'changed';
    });
    if (outcome === 'other entity') {
      logger.warn(
        { provider: due.id, tenantId: due.tenantId, entityId: read.entityId },
        'SAML metadata now names another entity; kept the previous one',
      );
      await this.putBack(due);
    }
    return outcome === 'changed';
  }

  /** A failed read: the provider shows when it was last read, and is due at the next look. */
  private async putBack(due: Due) {
    await inTenant(this.deps.database.db, due.tenantId, (tx) =>
      tx
        .update(identityProviders)
        .set({ refreshedAt: due.previous })
        .where(and(eq(identityProviders.tenantId, due.tenantId), eq(identityProviders.id, due.id))),
    );
  }
}
