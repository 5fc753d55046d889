import type {
  ProfileUpdateInput,
  photoAnswer,
  profileAnswer,
  UserProfile,
} from '@kindling/contract';
import type { z } from 'zod';
import { api } from '../api/client.ts';

export type { UserProfile };

export const profileQueryKey = (userId: number) => ['profile', userId] as const;

export function fetchProfile(userId: number, signal: AbortSignal): Promise<UserProfile> {
  return api.get(`/profiles/${userId}`, { signal });
}

/** A member's profile as a query, read the same way by the profile and update-profile screens. */
export const profileQuery = (userId: number) => ({
  queryKey: profileQueryKey(userId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchProfile(userId, signal),
});

export async function saveProfile(userId: number, body: ProfileUpdateInput): Promise<UserProfile> {
  const answer = await api.put<z.infer<typeof profileAnswer>>(`/profiles/${userId}`, { body });
  return answer.profile;
}

/** Uploads a photo; the profile shows it only once a save names the URL this answers. */
export async function uploadPhoto(userId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.post<z.infer<typeof photoAnswer>>(`/profiles/${userId}/photo`, {
    body: form,
  });
  return answer.profile_image_url;
}

/** Sets or clears the member's ORCID iD; a typed iD is unverified (CONTRACT §10). */
export async function saveOrcid(userId: number, orcid: string | null): Promise<UserProfile> {
  const answer = await api.put<z.infer<typeof profileAnswer>>(`/profiles/${userId}/orcid`, {
    body: { orcid },
  });
  return answer.profile;
}
