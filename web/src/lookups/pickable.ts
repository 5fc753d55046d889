import type { Named } from '@kindling/contract';

/**
 * What a picker offers: the active entries, plus any deactivated one already chosen so editing
 * keeps it. Lists hold deactivated entries so ideas and filters that name one still show its name.
 */
export const pickable = <T extends Named>(list: readonly T[], chosen: readonly (number | null)[]) =>
  list.filter((entry) => entry.is_active !== false || chosen.includes(entry.id));

/** An entry's name in a picker: a deactivated one says so, as the console's Reference data does. */
export const pickerName = (entry: { name: string; is_active?: boolean | undefined }) =>
  entry.is_active === false ? `${entry.name} (deactivated)` : entry.name;
