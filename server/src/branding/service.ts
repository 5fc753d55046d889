import {
  type BrandingAdminAnswer,
  type BrandingOverrides,
  contrastProblems,
  type TermsAdminAnswer,
  type TermsAnswer,
} from '@kindling/contract';
import { recordAudit } from '../audit/record.ts';
import type { Deps, SessionContext } from '../context.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { badRequest } from '../http/errors.ts';
import { isLogoKeyOf, newLogoKey } from '../storage/port.ts';
import { insertUpload, removeFiles, takeUnusedUploads } from '../storage/uploads.ts';
import { resolveBranding } from '../tenants/branding.ts';
import { defaultBranding, defaultTerms } from '../tenants/defaults.ts';
import { reencodeLogo } from './logo.ts';
import { lockTenant, readTenant, writeBranding, writeTerms } from './repository.ts';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted: jsonb gives keys back in an order of its own. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isPlain(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** The dotted paths of the leaves that differ; lists count as one value. */
function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) =>
      changedPaths(before[key], after[key], path ? `${path}.${key}` : key),
    );
  }
  return canonical(before) === canonical(after) ? [] : [path];
}

/** Overrides without the empty groups a form leaves behind. */
function pruned(overrides: Plain): Plain {
  const out: Plain = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (isPlain(value)) {
      const inner = pruned(value);
      if (Object.keys(inner).length) out[key] = inner;
    } else out[key] = value;
  }
  return out;
}

const answerOf = (name: string, overrides: unknown): BrandingAdminAnswer => ({
  branding: resolveBranding(name, overrides),
  defaults: defaultBranding(name),
});

export async function brandingForAdmin(deps: Deps, tenantId: number) {
  const row = await inTenant(deps.database.db, tenantId, (tx) => readTenant(tx, tenantId));
  return answerOf(row.name, row.branding);
}

const LOGO_MESSAGE = 'logo must be the default logo or one uploaded for this portal.';

/** The storage key behind a logo URL this tenant's upload issued, or null for any other URL. */
function logoKeyOf(deps: Deps, tenantId: number, url: string): string | null {
  const key = url.split('/').slice(-3).join('/');
  return isLogoKeyOf(key, tenantId) && deps.storage.url(key) === url ? key : null;
}

/**
 * PUT /admin/branding: the overrides replace the stored ones whole. The logo must be the default,
 * the current one or an upload of this tenant; the resolved colours must keep WCAG AA contrast.
 * Saved with an audit entry naming the keys that changed. After the commit, the replaced uploaded
 * logo is deleted, and so are logo uploads never saved within a day (as photos are).
 */
export async function saveBranding(
  deps: Deps,
  session: SessionContext,
  sent: BrandingOverrides,
): Promise<BrandingAdminAnswer> {
  const { tenantId } = session;
  const overrides = pruned(sent as Plain) as BrandingOverrides;
  const { answer, unused } = await inTenant(deps.database.db, tenantId, async (tx) => {
    const row = await lockTenant(tx, tenantId);
    const before = resolveBranding(row.name, row.branding);
    const after = resolveBranding(row.name, overrides);
    const logo = overrides.logo;
    if (
      logo !== undefined &&
      logo !== before.logo &&
      logo !== defaultBranding(row.name).logo &&
      !logoKeyOf(deps, tenantId, logo)
    ) {
      throw badRequest(LOGO_MESSAGE, [{ field: 'logo', error: LOGO_MESSAGE }]);
    }
    const sentStyles = overrides.styles ?? {};
    const problems = contrastProblems(after.styles).map((problem) => ({
      field: `styles.${problem.on in sentStyles ? problem.on : problem.text}`,
      error: problem.message,
    }));
    if (problems.length) throw badRequest(problems[0]?.error, problems);

    const changed = changedPaths(before, after);
    const replaced = before.logo !== after.logo ? before.logo : null;
    const unused = await takeUnusedUploads(tx, deps, tenantId, 'logos', {
      keepUrl: after.logo,
      replacedUrl: replaced,
    });
    // A logo uploaded before uploads were recorded has no row to take, but is replaced all the same.
    const replacedKey = replaced && logoKeyOf(deps, tenantId, replaced);
    if (replacedKey && !unused.includes(replacedKey)) unused.push(replacedKey);
    if (changed.length === 0) return { answer: answerOf(row.name, row.branding), unused };
    await writeBranding(tx, tenantId, overrides);
    await recordAudit(tx, {
      tenantId,
      actorId: session.userId,
      action: 'branding.update',
      targetType: 'tenant',
      targetId: tenantId,
      summary: `Changed the branding: ${changed.length > 4 ? `${changed.slice(0, 4).join(', ')} and ${changed.length - 4} more` : changed.join(', ')}`,
      detail: { changed },
    });
    return { answer: answerOf(row.name, overrides), unused };
  });
  await removeFiles(deps, unused);
  return answer;
}

/**
 * POST /admin/branding/logo: re-encodes the image, stores it under a fresh key of the tenant and
 * records it as issued. Branding is unchanged until a save names the URL, so the editor can
 * preview it first; the image work happens before the transaction, as for photos.
 */
export async function uploadLogo(deps: Deps, session: SessionContext, file: File) {
  const png = await reencodeLogo(new Uint8Array(await file.arrayBuffer()));
  const key = newLogoKey(session.tenantId);
  await deps.storage.put(key, png, 'image/png');
  const url = deps.storage.url(key);
  await inTenant(deps.database.db, session.tenantId, (tx) =>
    insertUpload(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      key,
      url,
      contentType: 'image/png',
      bytes: png.length,
    }),
  );
  return { logo: url };
}

const termsAnswerOf = (name: string, terms: unknown): TermsAdminAnswer => ({
  terms: (terms as TermsAnswer | null) ?? defaultTerms(name),
  is_default: terms === null,
});

export async function termsForAdmin(deps: Deps, tenantId: number) {
  const row = await inTenant(deps.database.db, tenantId, (tx) => readTenant(tx, tenantId));
  return termsAnswerOf(row.name, row.terms);
}

/** PUT /admin/terms: the tenant's own terms, or null for the default ones again, with an audit entry. */
export async function saveTerms(deps: Deps, session: SessionContext, terms: TermsAnswer | null) {
  const { tenantId } = session;
  return inTenant(deps.database.db, tenantId, async (tx) => {
    const row = await lockTenant(tx, tenantId);
    const before = termsAnswerOf(row.name, row.terms);
    const after = termsAnswerOf(row.name, terms);
    const changed = changedPaths(before.terms, after.terms).map((path) => path.split('.')[0]);
    const parts = [...new Set(changed)];
    if (parts.length === 0 && before.is_default === after.is_default) return before;
    await writeTerms(tx, tenantId, terms);
    await recordAudit(tx, {
      tenantId,
      actorId: session.userId,
      action: 'terms.update',
      targetType: 'tenant',
      targetId: tenantId,
      summary:
        terms === null
          ? 'Restored the default terms and conditions'
          : `Changed the terms and conditions: ${parts.join(', ') || 'kept the text as their own'}`,
      detail: { changed: parts, restored_default: terms === null },
    });
    return after;
  });
}
