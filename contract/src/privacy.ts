import { z } from 'zod';
import { confirmingPassword } from './fields.ts';
import { privacyMessages } from './privacyMessages.ts';

/**
 * `DELETE /me`: the member's password; a member without one (single sign-on) sends none and must
 * have signed in through their institution within the last 5 minutes (CONTRACT §11).
 */
export const erasureBody = z.object({
  password: confirmingPassword(privacyMessages),
});
export type ErasureBody = z.infer<typeof erasureBody>;

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * `GET /me/export` (CONTRACT §11): everything Kindling holds about the caller, one key per kind of
 * record (server/src/privacy/inventory.ts names them), never a secret: no password hash, second
 * factor seed, recovery code, session or mailed token.
 */
export const dataExport = z
  .object({
    exported_at: z.string(),
    tenant: z.object({ id: z.number().int(), domain: z.string(), name: z.string() }),
    profile: z.record(z.string(), z.unknown()),
    ideas: rows,
    comments: rows,
    interest: rows,
    follows: rows,
    notifications: rows,
    sessions: rows,
    audit: rows,
  })
  .catchall(z.unknown());
export type DataExport = z.infer<typeof dataExport>;
