/**
 * The periods jobs run once in, as the keys of their claims (scheduler.ts): the latest period
 * whose start is at or before `now`, so a process that was down runs the one it missed last and
 * not every one it missed.
 */

interface Local {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `at`. */
function local(at: Date, timeZone: string): Local {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    weekday: weekdays.indexOf(parts.weekday ?? '') + 1,
  };
}

/** The calendar date `days` before a local date, as YYYY-MM-DD. */
function dateBefore({ year, month, day }: Local, days: number): string {
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** The local date of the latest `hour`:00 in `timeZone` at or before `now` (a daily digest's). */
export function dailyPeriod(now: Date, timeZone: string, hour: number): string {
  const at = local(now, timeZone);
  return dateBefore(at, at.hour >= hour ? 0 : 1);
}

/** The local date of the latest Monday `hour`:00 in `timeZone` at or before `now`. */
export function weeklyPeriod(now: Date, timeZone: string, hour: number): string {
  const at = local(now, timeZone);
  const sinceMonday = at.weekday - 1;
  return dateBefore(at, sinceMonday === 0 && at.hour < hour ? 7 : sinceMonday);
}

/** The UTC hour `now` is in, e.g. 2026-11-27T02 (a deployment-wide hourly job's). */
export function hourlyPeriod(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/** The UTC slot of `minutes` (a divisor of 60) `now` is in, by its start: 2026-11-27T02:35. */
export function minutesPeriod(now: Date, minutes: number): string {
  const slot = new Date(now);
  slot.setUTCMinutes(now.getUTCMinutes() - (now.getUTCMinutes() % minutes), 0, 0);
  return slot.toISOString().slice(0, 16);
}
