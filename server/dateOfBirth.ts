import { calendarDate, parseDate } from '../renderer/core/index';
import { HttpError } from './errors.js';

const PRACTICE_TIME_ZONE = 'Europe/London';
const MESSAGE = 'must be a real date before today';

/**
 * A date of birth must be a real date before today (the practice's calendar day): the same rule
 * the forms' x-age check applies in the browser (renderer/core validate), re-checked here for
 * every patient the API is sent. Today itself is refused, whatever the flow's minimum age.
 * `path` is the JSON pointer of the date, e.g. `/patient/dateOfBirth`.
 */
export function assertBornBeforeToday(dateOfBirth: unknown, path: string, now: Date = new Date()): void {
  if (dateOfBirth === undefined) return;
  const dob = parseDate(dateOfBirth);
  const today = parseDate(calendarDate(now, PRACTICE_TIME_ZONE));
  if (dob === undefined || today === undefined || dob >= today) {
    throw new HttpError(400, `body${path} ${MESSAGE}`, { details: [{ path, message: MESSAGE }] });
  }
}

/** The date of birth of a `patient` object in a body, if it has one. */
export function patientDateOfBirth(patient: unknown): unknown {
  return typeof patient === 'object' && patient !== null ? (patient as { dateOfBirth?: unknown }).dateOfBirth : undefined;
}
