import type { FormDocument } from '../../../renderer/index';

/**
 * The three form documents of the patient-details step, by id. They come from the practice's
 * server like every form (src/forms/loadForm.ts), each with its precompiled schema check.
 */
export const STEP_FORM_IDS = {
  details: 'PATIENT_DETAILS',
  contact: 'CONTACT_DETAILS',
  loggedIn: 'LOGGED_IN_DETAILS',
} as const;

/** The details and contact-details documents reworded for who is asking (same fields and rules). */
export interface StepRewording {
  details: (doc: FormDocument) => FormDocument;
  contact: (doc: FormDocument) => FormDocument;
}
