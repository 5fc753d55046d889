import type { ErrorDetail } from '@kindling/contract';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

function detailsOf(error: z.ZodError): ErrorDetail[] {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, error: issue.message });
  }
  return details;
}

/** The hook every route's validator calls: one detail per failing field, SPEC's message verbatim. */
export function validationHook(result: { success: boolean; error?: z.ZodError }): void {
  if (!result.success && result.error) throw badRequest(undefined, detailsOf(result.error));
}
