import { and, eq, like, lt, ne, or } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { uploads } from '../db/schema-people.ts';

/**
 * Whose uploads a save looks at: a member's photos, or the tenant's logos (whoever uploaded them).
 * Told apart by their keys (see newPhotoKey, newLogoKey), so a logo an administrator uploaded is
 * never one of their photos.
 */
export type UploadOwner = { photosOf: number } | 'logos';

const ofOwner = (tenantId: number, owner: UploadOwner) =>
  owner === 'logos'
    ? and(eq(uploads.tenantId, tenantId), like(uploads.key, `${tenantId}/branding/%`))
    : and(
        eq(uploads.tenantId, tenantId),
        eq(uploads.userId, owner.photosOf),
        like(uploads.key, `${tenantId}/${owner.photosOf}/%`),
      );

/** Records a stored file as issued, so a save may name it and the clean-up can find it. */
export async function insertUpload(db: Executor, values: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(values);
}

/**
 * Whether an upload of that owner issued this URL (index uploads_user_idx for photos). The row is
 * locked until the save commits, so the periodic sweep (storage/upload-sweeper.ts) cannot take it
 * while a profile is being made to show it.
 */
export async function uploadIssued(
  db: Executor,
  tenantId: number,
  owner: UploadOwner,
  url: string,
) {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(ofOwner(tenantId, owner), eq(uploads.url, url)))
    .limit(1)
    .for('share');
  return row !== undefined;
}

/** An upload not saved within a day was abandoned (a closed tab, a failed save). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets the owner's files that nothing shows any more: the one a save just replaced, and
 * uploads never saved that are more than a day old (a newer one may still be on its way to a save
 * in another tab). Answers their storage keys, for `removeFiles` once the transaction commits.
 */
export async function takeUnusedUploads(
  db: Executor,
  deps: Pick<Deps, 'now'>,
  tenantId: number,
  owner: UploadOwner,
  { keepUrl, replacedUrl }: { keepUrl: string | null; replacedUrl: string | null },
): Promise<string[]> {
  const stale = lt(uploads.createdAt, new Date(deps.now().getTime() - ABANDONED_UPLOAD_MS));
  const rows = await db
    .delete(uploads)
    .where(
      and(
        ofOwner(tenantId, owner),
        keepUrl === null ? undefined : ne(uploads.url, keepUrl),
        replacedUrl === null ? stale : or(eq(uploads.url, replacedUrl), stale),
      ),
    )
    .returning({ key: uploads.key });
  return rows.map((row) => row.key);
}

/**
 * Deletes files whose records are already gone. Done after the commit, since a deletion cannot be
 * rolled back; a failure only leaves an unreferenced file behind, so it is logged, not raised.
 */
export async function removeFiles(deps: Pick<Deps, 'storage' | 'logger'>, keys: Iterable<string>) {
  for (const key of keys) {
    await deps.storage.remove(key).catch((error: unknown) => {
      deps.logger.warn({ err: error, key }, 'could not delete an unused upload');
    });
  }
}
