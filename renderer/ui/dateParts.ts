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

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };
export const EMPTY_TIME: TimeParts = { hour: '', minute: '' };

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
