// Whether a booked appointment can be changed online, and the addresses of its details page's
// views (a refusal is said before the patient tries, and every outcome is its own page).
import type { PatientActionRequest } from '../../api/appointments';
import { CODE_MESSAGES } from './messages';

/** The page's views: its own address each, so the shell moves focus to the h1 and announces the title. */
export const DETAILS_VIEW_PARAM = 'view';
/** A refused change or cancel (navigation state `problem`): the problem is the page, with a way back. */
export interface DetailsProblem {
  title: string;
  message: string;
}

/** What the patient asked to do when the date-of-birth check came first (the `then` of the confirm view). */
export type ChangeAction = 'reschedule' | 'cancel';
export const CHANGE_ACTION_PARAM = 'then';

/** The address of an appointment's details page, optionally one of its views (the confirm view with what comes after it). */
export function detailsPath(lid: string, view?: 'cancelled' | 'problem' | 'confirm', then?: ChangeAction): string {
  const after = view === 'confirm' && then ? `&${CHANGE_ACTION_PARAM}=${then}` : '';
  return `/appointment/details?lid=${encodeURIComponent(lid)}${view ? `&${DETAILS_VIEW_PARAM}=${view}` : ''}${after}`;
}

/**
 * Why this appointment cannot be changed online, before the patient tries: a type only
 * the practice changes (RH-E109), one the practice has updated itself (RH-E1522), or the change
 * window has closed (RH-E008, within the hour). The product's own titles and messages.
 */
export function changeRefusal(answer: PatientActionRequest, now = Date.now()): DetailsProblem | undefined {
  if (answer.patientCanChange === false) return CODE_MESSAGES['RH-E109'];
  if (answer.practiceUpdated === true) return CODE_MESSAGES['RH-E1522'];
  if (answer.changeDeadline && now > Date.parse(answer.changeDeadline)) return CODE_MESSAGES['RH-E008'];
  return undefined;
}
import './booking.css';
