/** How long a request waited, in the largest whole unit: '3 days', '1 hour', 'under a minute'. */
export function waitedLabel(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return 'under a minute';
}

/** A request's wait as its lists say it: to its first answer, or so far. */
export function waitText(seconds: number, answered: boolean): string {
  if (seconds < 60) return answered ? 'answered within a minute' : 'waiting for under a minute';
  return answered
    ? `answered after ${waitedLabel(seconds)}`
    : `waiting for ${waitedLabel(seconds)}`;
}
