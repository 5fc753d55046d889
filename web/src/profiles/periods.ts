/** Dates of profile entries (experience, projects): `YYYY-MM-DD` strings, read in UTC. */

interface Month {
  year: number;
  /** 0 to 11. */
  month: number;
}

function monthOf(value: string): Month | null {
  const match = /^(\d{4})-(\d{2})/.exec(value);
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(match[1]), month } : null;
}

const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatMonth({ year, month }: Month): string {
  return monthYear.format(Date.UTC(year, month, 1));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * How long a position lasted, LinkedIn's way: both the first and the last month count, and an open
 * end runs to this month. '2 yrs 3 mos', '1 yr', '5 mos'; null without a readable start.
 */
export function durationLabel(
  start: string | null,
  end: string | null,
  today: Date = new Date(),
): string | null {
  const from = start ? monthOf(start) : null;
  const to = end ? monthOf(end) : { year: today.getUTCFullYear(), month: today.getUTCMonth() };
  if (!from || !to) return null;
  const months = (to.year - from.year) * 12 + (to.month - from.month) + 1;
  if (months < 1) return null;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years > 0 && plural(years, 'yr', 'yrs'), rest > 0 && plural(rest, 'mo', 'mos')]
    .filter(Boolean)
    .join(' ');
}

/** 'Jul 2021 – Present', 'Aug 2016 – Jun 2021'; null when neither end is known. */
export function periodLabel(start: string | null, end: string | null): string | null {
  const from = start ? monthOf(start) : null;
  const to = end ? monthOf(end) : null;
  if (!from && !to) return null;
  if (!from) return to ? formatMonth(to) : null;
  return `${formatMonth(from)} – ${to ? formatMonth(to) : 'Present'}`;
}
