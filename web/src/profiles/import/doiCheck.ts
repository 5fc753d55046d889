import { importBody, scholarlyMessages } from '@kindling/contract';

/**
 * The first problem with the DOIs a member typed, as the server finds it, or null. A module of its
 * own, loaded when the member imports: the schema brings zod and the contract's shared schemas,
 * whose evaluation was the import panel's one long task as update profile loaded.
 */
export function doisProblem(dois: string[]): string | null {
  const parsed = importBody.safeParse({ source: 'doi', dois });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? scholarlyMessages.doisMissing);
}
