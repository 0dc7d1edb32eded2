// The self-booking date-of-birth check (spec rules 5.1 messages, word for word).
import { differenceInYears, isValid } from 'date-fns';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const DOB_REQUIRED = 'Please enter a date of birth';
export const DOB_INVALID = 'Please enter a valid date of birth';
export const DOB_UNREAL = 'Please enter real date of birth';
export const MAX_AGE = 110;

export type DateOfBirthCheck = { ok: true; date: string } | { ok: false; message: string };

/** DD/MM/YYYY boxes → YYYY-MM-DD: required, a real calendar date before today, age at most 110. */
export function checkDateOfBirth(parts: DateParts, today: Date): DateOfBirthCheck {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return { ok: false, message: DOB_REQUIRED };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { ok: false, message: DOB_INVALID };
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  const date = new Date(y, m - 1, d);
  if (!isValid(date) || date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return { ok: false, message: DOB_INVALID };
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (date >= startOfToday) return { ok: false, message: DOB_INVALID };
  if (differenceInYears(startOfToday, date) > MAX_AGE) return { ok: false, message: DOB_UNREAL };
  return { ok: true, date: `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}
