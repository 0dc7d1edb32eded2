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

export function dayNumberToIso(n: number): string {
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

/** Whole years between a date of birth and today (date-fns semantics: birthdays count on the day). */
export function ageInYears(dob: number, today: Date): number {
  const b = new Date(dob * 86_400_000);
  let age = today.getFullYear() - b.getUTCFullYear();
  const m = today.getMonth() - b.getUTCMonth();
  if (m < 0 || (m === 0 && today.getDate() < b.getUTCDate())) age--;
  return age;
}
