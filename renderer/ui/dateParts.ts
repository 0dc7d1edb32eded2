// How the date and time boxes map onto stored answers. A complete date is stored as
// "YYYY-MM-DD" and a complete time as "HH:mm"; anything partial is stored as the raw parts
// ("2025--7", "25:") so core validation reports "Please provide a valid date/time." rather
// than "Please provide input."; all boxes empty stores nothing.

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export interface TimeParts {
  hour: string;
  minute: string;
}

const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };
const EMPTY_TIME: TimeParts = { hour: '', minute: '' };

/** Keeps digits only, at most `max` of them (day and month 2, year 4, hour and minute 2). */
export function digitsOnly(text: string, max: number): string {
  return text.replace(/\D+/g, '').slice(0, max);
}

export function splitDate(value: unknown): DateParts {
  if (typeof value !== 'string' || value === '') return EMPTY_DATE;
  const [year = '', month = '', day = ''] = value.split('-');
  return { day, month, year };
}

export function joinDate(parts: DateParts): string | undefined {
  const { day, month, year } = parts;
  if (!day && !month && !year) return undefined;
  if (day && month && year.length === 4) return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return `${year}-${month}-${day}`;
}

export function splitTime(value: unknown): TimeParts {
  if (typeof value !== 'string' || value === '') return EMPTY_TIME;
  const [hour = '', minute = ''] = value.split(':');
  return { hour, minute };
}

export function joinTime(parts: TimeParts): string | undefined {
  const { hour, minute } = parts;
  if (!hour && !minute) return undefined;
  if (hour && minute) return `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}`;
  return `${hour}:${minute}`;
}

/** "YYYY-MM-DDTHH:mm" from a date value and a time value; partial when either is. */
export function splitDateTime(value: unknown): { date: string | undefined; time: string | undefined } {
  if (typeof value !== 'string' || value === '') return { date: undefined, time: undefined };
  const [date = '', time = ''] = value.split('T');
  return { date: date || undefined, time: time || undefined };
}

export function joinDateTime(date: string | undefined, time: string | undefined): string | undefined {
  if (date === undefined && time === undefined) return undefined;
  return `${date ?? ''}T${time ?? ''}`;
}

export type DatePart = keyof DateParts;

/**
 * Which boxes of a date with an error are wrong, so only those are marked: an empty box, a
 * day or month out of range, a year without 4 digits, a day past the month's end. When every
 * box is fine on its own, the date as a whole is wrong (e.g. not in the allowed range): all
 * three are marked.
 */
export function wrongDateParts(parts: DateParts): DatePart[] {
  const wrong: DatePart[] = [];
  const day = Number(parts.day);
  const month = Number(parts.month);
  const year = Number(parts.year);
  const monthOk = parts.month !== '' && month >= 1 && month <= 12;
  const yearOk = parts.year.length === 4 && year >= 1;
  const lastDay = monthOk && yearOk ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 31;
  if (parts.day === '' || day < 1 || day > lastDay) wrong.push('day');
  if (!monthOk) wrong.push('month');
  if (!yearOk) wrong.push('year');
  return wrong.length > 0 ? wrong : ['day', 'month', 'year'];
}

/**
 * The date a hint gives as its example, fitting the question's allowed range (x-date): a date in
 * the future when the answer may not be before today (or before another answer), a recent past
 * date when it may not be after today, else undefined (the generic example).
 */
export function exampleDate(range: { notBefore?: string; notAfter?: string; after?: string; before?: string } | undefined, today: Date): Date | undefined {
  if (!range) return undefined;
  const day = 24 * 60 * 60 * 1000;
  const notBefore = range.notBefore ?? range.after;
  const notAfter = range.notAfter ?? range.before;
  const future = notBefore !== undefined && (notBefore.startsWith('field:') || /^today(\+|$)/.test(notBefore));
  if (future) return new Date(today.getTime() + 14 * day);
  if (notAfter !== undefined && /^today(-|$)/.test(notAfter)) return new Date(today.getTime() - 7 * day);
  return undefined;
}
