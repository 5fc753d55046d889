const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const isoDate = /^\d{4}-\d{2}-\d{2}/;

/**
 * SPEC §9: dates read 'long month, day, year' in US English. A value that is not an ISO date is
 * shown as it came, since the server may already send it formatted.
 */
export function formatLongDate(value: string): string {
  if (!isoDate.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}
