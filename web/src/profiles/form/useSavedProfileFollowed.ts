import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { UserProfile } from '../profileApi.ts';
import {
  formValuesOf,
  type ProfileFormOutput,
  type ProfileFormValues,
  profileSections,
  type SectionValues,
} from '../profileFormValues.ts';

type Entries = SectionValues[keyof SectionValues];

/** Whether two lists of entries hold the same text, whatever order each entry's fields are in. */
function sameEntries(a: Entries, b: Entries | undefined): boolean {
  if (!b || a.length !== b.length) return false;
  return a.every((entry, i) => {
    const other = (b[i] ?? {}) as Record<string, string | undefined>;
    const mine = entry as Record<string, string | undefined>;
    return Object.keys({ ...mine, ...other }).every(
      (field) => (mine[field] ?? '') === (other[field] ?? ''),
    );
  });
}

/** The entries of `after` that `before` did not hold (an accepted import is added at the end). */
function entriesAdded(before: Entries, after: Entries): Entries {
  const left = new Map<string, number>();
  for (const entry of before) {
    const key = JSON.stringify(entry);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  return after.filter((entry) => {
    const key = JSON.stringify(entry);
    const count = left.get(key) ?? 0;
    left.set(key, count - 1);
    return count <= 0;
  }) as Entries;
}

/**
 * An import accepted beside the form (the Import panel) changes the saved profile under it, and a
 * save of the form as it stood would undo the import. When the saved profile changes, what the
 * member has not touched takes the saved values; what they are editing stays as they left it. A
 * section being edited keeps its entries as the member left them, and the entries the saved
 * profile gained since are added after them: matched by position, the member's new entry would
 * be written over the accepted one.
 *
 * Answers a function telling the hook that the form itself now shows a profile (its own save).
 */
export function useSavedProfileFollowed(
  form: UseFormReturn<ProfileFormValues, unknown, ProfileFormOutput>,
  profile: UserProfile,
) {
  const shown = useRef(profile);
  useEffect(() => {
    const before = shown.current;
    if (before === profile) return;
    shown.current = profile;
    const previous = formValuesOf(before);
    const saved = formValuesOf(profile);
    const current = form.getValues();
    const next = { ...saved };
    for (const section of profileSections) {
      if (sameEntries(current[section], previous[section])) continue;
      next[section] = [
        ...current[section],
        ...entriesAdded(previous[section], saved[section]),
      ] as never;
    }
    form.reset(next, { keepDirtyValues: true });
  }, [form, profile]);
  return (saved: UserProfile) => {
    shown.current = saved;
  };
}
