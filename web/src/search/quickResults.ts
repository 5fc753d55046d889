import type { QuickSearchAnswer } from '@kindling/contract';

/** A row of the header's quick results: an idea, a person, or the way to every result. */
export type QuickOption =
  | { kind: 'idea'; id: number; title: string; detail: string }
  | { kind: 'person'; id: number; title: string; detail: string }
  | { kind: 'all'; q: string };

/** The rows in the order the arrow keys visit them: ideas, people, then "every result". */
export function quickOptions(answer: QuickSearchAnswer | undefined, q: string): QuickOption[] {
  if (!answer) return [];
  const ideas = answer.ideas.map(
    (idea): QuickOption => ({
      kind: 'idea',
      id: idea.id,
      title: idea.title,
      detail: `${idea.principal_investigator.first_name} ${idea.principal_investigator.last_name}`,
    }),
  );
  const people = answer.people.map(
    (person): QuickOption => ({
      kind: 'person',
      id: person.id,
      title: `${person.first_name} ${person.last_name}`,
      detail: person.headline || person.role_name,
    }),
  );
  const found = ideas.length + people.length > 0;
  return found ? [...ideas, ...people, { kind: 'all', q }] : [];
}

/** The row the arrow keys land on next, wrapping; -1 is none (the field itself). */
export function stepActive(active: number, count: number, by: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return by === 1 ? 0 : count - 1;
  return (active + by + count) % count;
}
