import type { Department, Named, Role, TenantAnswer, UserDetails } from '@kindling/contract';

/** The locally persisted slices of SPEC §3; everything else lives in the query cache. */
export interface PersistedState {
  user: UserDetails | null;
  roles: Role[];
  departments: Department[];
  schools: Named[];
  support_or_partnership: Named[];
  ip_statuses: Named[];
  tenant: TenantAnswer | null;
}

export type SliceName = keyof PersistedState;

export const emptyState: PersistedState = {
  user: null,
  roles: [],
  departments: [],
  schools: [],
  support_or_partnership: [],
  ip_statuses: [],
  tenant: null,
};

/** Bumped when a slice changes shape, so stale data from an older build is dropped, not misread. */
export const STATE_VERSION = 1;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNamedList(value: unknown): value is Named[] {
  return (
    Array.isArray(value) &&
    value.every((v) => isRecord(v) && typeof v.id === 'number' && typeof v.name === 'string')
  );
}

const sliceGuards: { [K in SliceName]: (value: unknown) => boolean } = {
  user: (v) => isRecord(v) && typeof v.userId === 'number' && Array.isArray(v.permissions),
  roles: isNamedList,
  departments: isNamedList,
  schools: isNamedList,
  support_or_partnership: isNamedList,
  ip_statuses: isNamedList,
  tenant: (v) =>
    isRecord(v) && typeof v.id === 'number' && typeof v.domain === 'string' && isRecord(v.branding),
};

/**
 * Reads the stored JSON back into state. Anything unreadable, from another version, or a slice
 * of the wrong shape falls back to the empty value instead of breaking the start of the app.
 */
export function parsePersistedState(raw: string | null | undefined): PersistedState {
  if (!raw) return emptyState;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return emptyState;
  }
  if (!isRecord(stored) || stored.version !== STATE_VERSION) return emptyState;
  const state: Record<string, unknown> = { ...emptyState };
  for (const name of Object.keys(sliceGuards) as SliceName[]) {
    const value = stored[name];
    if (value !== undefined && value !== null && sliceGuards[name](value)) state[name] = value;
  }
  return state as unknown as PersistedState;
}

export function serializePersistedState(state: PersistedState): string {
  return JSON.stringify({ version: STATE_VERSION, ...state });
}
