// The string formats validate checks itself, in both the precompiled and the interpreted path:
// email, uk-phone, uk-postcode, and the 24- and 12-hour time answers.
import { isValidPhoneNumber } from 'libphonenumber-js';

const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+(?<!\.)@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ](?:[0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

export function isEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  return at > 0 && at <= 64 && EMAIL.test(s);
}

export function isUkPostcode(s: string): boolean {
  return POSTCODE.test(s.trim());
}

export function isUkPhone(s: string): boolean {
  try {
    return isValidPhoneNumber(s, 'GB');
  } catch {
    return false;
  }
}

/**
 * "Please provide a valid time." / 24-hour / 12-hour problems of a time answer (renderer/README.md, "Validation").
 * 24-hour answers are "HH:mm". 12-hour answers are "hh:mm am" / "hh:mm pm": the period is part
 * of the answer, so an hour above 12 can only be a typing mistake (never 2 pm stored as 14).
 */
export function timeProblem(s: string, hour12: boolean): 'time' | 'time24' | 'time12' | undefined {
  const match = /^\s*(-?\d{1,2})\s*:\s*(-?\d{1,2})\s*(am|pm)?\s*$/i.exec(s);
  if (!match) return 'time';
  const h = Number(match[1]);
  const m = Number(match[2]);
  const period = match[3];
  if (h < 0 || m < 0 || m > 59) return 'time';
  if (hour12) {
    if (h > 12 || h === 0) return 'time12';
    return period ? undefined : 'time';
  }
  if (period) return 'time';
  return h > 23 ? 'time24' : undefined;
}
