// Calendar dates as the renderer stores them ("YYYY-MM-DD", "HH:mm", "YYYY-MM-DDTHH:mm") and
// the DateRef syntax of x-date: "today", "today+7d", "today-1m" (d, w, m, y), "field:other".
import { addDays, addMonths, addWeeks, addYears, format } from 'date-fns';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;
const DATE_REF = /^today(?:([+-])(\d{1,4})([dwmy]))?$/;

/** Day number (days since 1970-01-01, UTC arithmetic) of a real calendar date, else undefined. */
export function parseDate(s: unknown): number | undefined {
  if (typeof s !== 'string') return undefined;
  const m = DATE.exec(s);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || y < 1) return undefined;
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return Math.round(ms / 86_400_000);
}

/** Minutes since midnight of an "HH:mm" (or "H:mm") 24-hour time, else undefined. */
export function parseTime(s: unknown): number | undefined {
  if (typeof s !== 'string') return undefined;
  const m = TIME.exec(s);
  if (!m) return undefined;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (h > 23 || mi > 59) return undefined;
  return h * 60 + mi;
}

/** Minutes since the epoch of "YYYY-MM-DDTHH:mm" (seconds allowed), else undefined. */
export function parseDateTime(s: unknown): number | undefined {
  if (typeof s !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(s);
  if (!m) return undefined;
  const d = parseDate(m[1]);
  const t = parseTime(m[2]);
  if (d === undefined || t === undefined || (m[3] !== undefined && Number(m[3]) > 59)) return undefined;
  return d * 1440 + t;
}

/** Local calendar date of `today` as a day number. */
export function dayNumber(date: Date): number {
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
}

function dayNumberToIso(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** "1 January 2025": how bounds are named in messages. */
export function formatDay(n: number): string {
  const d = new Date(n * 86_400_000);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), 'd MMMM yyyy');
}

export function isDateRefSyntax(ref: unknown): boolean {
  if (typeof ref !== 'string') return false;
  if (ref.startsWith('field:')) return ref.length > 'field:'.length;
  return DATE_REF.test(ref);
}

/** Resolves "today±N(d|w|m|y)" to a day number; undefined for anything else (incl. field:). */
export function resolveTodayRef(ref: string, today: Date): number | undefined {
  const m = DATE_REF.exec(ref);
  if (!m) return undefined;
  const base = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (!m[1]) return dayNumber(base);
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const shifted = m[3] === 'd' ? addDays(base, n) : m[3] === 'w' ? addWeeks(base, n) : m[3] === 'm' ? addMonths(base, n) : addYears(base, n);
  return dayNumber(shifted);
}

/**
 * A person's age in whole years on a calendar day. Both arguments are calendar dates
 * "YYYY-MM-DD": no clock and no time zone is involved, so the browser and the server get the
 * same answer for the same two dates (the caller decides which day is "today": see
 * `calendarDate`).
 *
 * - The age goes up on the birthday itself (born 2000-06-15: 24 on 2024-06-14, 25 on 2024-06-15).
 * - Born on 29 February: in a year without one the age goes up on 1 March (as UK law counts it), so
 *   born 2000-02-29 is 22 on 2023-02-28 and 23 on 2023-03-01; in a leap year on 29 February.
 * - Born today: 0. Undefined when either date is not a real calendar date, or the date of
 *   birth is after `today`.
 */
export function ageOn(dateOfBirth: string, today: string): number | undefined {
  const b = DATE.exec(dateOfBirth);
  const t = DATE.exec(today);
  if (!b || !t || parseDate(dateOfBirth) === undefined || parseDate(today) === undefined) return undefined;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  // Before this year's birthday (month, day) — 29 Feb compares after 28 Feb, so it counts on 1 March.
  const before = tm < bm || (tm === bm && td < bd);
  const age = ty - by - (before ? 1 : 0);
  return age < 0 ? undefined : age;
}

/**
 * A child's age in whole months on a calendar day, by the same rule as `ageOn` (calendar dates
 * "YYYY-MM-DD" in, no clock): the month goes up on the day of the month of birth, or, when the
 * month has no such day, on the 1st of the next (born 31 January: 0 on 28 February, 1 on
 * 1 March). So `Math.floor(monthsOn(b, t) / 12) === ageOn(b, t)`. Undefined as for `ageOn`.
 */
export function monthsOn(dateOfBirth: string, today: string): number | undefined {
  const b = DATE.exec(dateOfBirth);
  const t = DATE.exec(today);
  if (!b || !t || parseDate(dateOfBirth) === undefined || parseDate(today) === undefined) return undefined;
  const months = (Number(t[1]) - Number(b[1])) * 12 + (Number(t[2]) - Number(b[2])) - (Number(t[3]) < Number(b[3]) ? 1 : 0);
  return months < 0 ? undefined : months;
}

/** A baby's age in whole weeks (7 days) on a calendar day; undefined as for `ageOn`. */
export function weeksOn(dateOfBirth: string, today: string): number | undefined {
  const b = parseDate(dateOfBirth);
  const t = parseDate(today);
  if (b === undefined || t === undefined || t < b) return undefined;
  return Math.floor((t - b) / 7);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one (the server asks on every request). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format;
}

/**
 * The calendar date "YYYY-MM-DD" of an instant: in the machine's local time zone (the browser:
 * its user's own calendar), or in `timeZone` (an IANA name such as "Europe/London") when given.
 */
export function calendarDate(instant: Date, timeZone?: string): string {
  if (!timeZone) return dayNumberToIso(dayNumber(instant));
  const parts = dayFormat(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
