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

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3_600],
  ['day', 86_400],
];

/**
 * How long ago something happened, as a list of recent events reads it: 'just now', '5 minutes
 * ago', 'yesterday', '3 days ago'; from a month back, its long date.
 */
export function formatRelativeTime(value: string, now = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - Date.parse(value)) / 1000);
  if (Number.isNaN(seconds)) return value;
  if (seconds < 60) return 'just now';
  if (seconds >= 30 * 86_400) return formatLongDate(value);
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, length] of steps) {
    if (seconds >= length) [unit, size] = [name, length];
  }
  return relative.format(-Math.floor(seconds / size), unit);
}
