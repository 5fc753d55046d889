import type {
  ImportCandidate,
  ImportInput,
  importCandidatesAnswer,
  profileImportAnswer,
} from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

type ImportAnswer = z.infer<typeof profileImportAnswer>;
type Waiting = z.infer<typeof importCandidatesAnswer>;

export type { ImportCandidate };

export const importsQueryKey = (userId: number) => ['profile-imports', userId] as const;

export function fetchCandidates(userId: number, signal: AbortSignal): Promise<Waiting> {
  return api.get(`/profiles/${userId}/imports`, { signal });
}

/** Imports from ORCID or DOIs (JSON), or from a reference file (multipart). */
export function runImport(userId: number, what: ImportInput | File): Promise<ImportAnswer> {
  if (what instanceof File) {
    const form = new FormData();
    form.append('file', what);
    return api.post(`/profiles/${userId}/imports`, { body: form });
  }
  return api.post(`/profiles/${userId}/imports`, { body: what });
}

export function decideCandidate(
  userId: number,
  candidateId: number,
  decision: 'accept' | 'reject',
): Promise<Waiting> {
  return api.post(`/profiles/${userId}/imports/${candidateId}/${decision}`);
}
