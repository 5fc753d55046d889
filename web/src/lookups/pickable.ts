import type { Named } from '@kindling/contract';

/**
 * What a picker offers: the active entries, plus any deactivated one already chosen so editing
 * keeps it. Lists hold deactivated entries so ideas and filters that name one still show its name.
 */
export const pickable = <T extends Named>(list: readonly T[], chosen: readonly (number | null)[]) =>
  list.filter((entry) => entry.is_active !== false || chosen.includes(entry.id));
