// Dates and times in words for the booking screens (NHS style: "Thursday 26 November 2026", "8:30am").
import { format, isValid, parseISO } from 'date-fns';

/** "2026-11-26" → "Thursday 26 November 2026" (the calendar date as given, no time zone shift). */
export function dateInWords(date: string, withYear = true): string {
  const d = parseISO(date);
  return isValid(d) ? format(d, withYear ? 'EEEE d MMMM yyyy' : 'EEEE d MMMM') : date;
}

/** "08:30" → "8:30am", "14:00" → "2pm", "12:15" → "12:15pm". */
export function timeInWords(time: string): string {
  const [hText = '', mText = ''] = time.split(':');
  const h = Number(hText);
  const m = Number(mText);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || h > 23 || m < 0 || m > 59) return time;
  const suffix = h < 12 ? 'am' : 'pm';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12}${suffix}` : `${h12}:${String(m).padStart(2, '0')}${suffix}`;
}

/** "8:30am to 8:45am", or the start alone. */
export function timeRangeInWords(start: string, end?: string): string {
  return end ? `${timeInWords(start)} to ${timeInWords(end)}` : timeInWords(start);
}
