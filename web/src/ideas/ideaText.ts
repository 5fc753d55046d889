import { limits } from '@kindling/contract';

/** SPEC §9: in the feed a title longer than 120 characters is cut there and ends in '...'. */
export function cutTitle(title: string): string {
  return title.length > limits.feedTitleCut ? `${title.slice(0, limits.feedTitleCut)}...` : title;
}

const DAY_MS = 86_400_000;

/** Midnight of the reader's own calendar day, so 'today' means what it says where they are. */
const localDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());

/**
 * SPEC §9 posted label: 'Posted today' on the day of posting, else whole calendar days since,
 * 'Posted {n}d ago'. A date in the future (a clock running behind) reads as today.
 */
export function postedLabel(createdAt: string, now: Date = new Date()): string {
  const posted = new Date(createdAt);
  if (Number.isNaN(posted.getTime())) return '';
  const days = Math.round((localDay(now) - localDay(posted)) / DAY_MS);
  return days <= 0 ? 'Posted today' : `Posted ${days}d ago`;
}

/** A person's full name as the cards show it. */
export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
