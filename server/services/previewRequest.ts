// The body of a pathway preview call and of the editor's draft walk, read once for both routes.
import type { FormData } from '../../renderer/core/index';
import type { PreviewPatient } from '../engine/preview.js';
import { HttpError } from '../errors.js';
import { isJsonObject } from '../json.js';

/** The answers and patient of a preview call, or a 400 saying what is wrong (the draft walk reads the same body). */
export function previewRequestOf(body: unknown): { answers: FormData; patient: PreviewPatient } {
  if (!isJsonObject(body)) throw new HttpError(400, 'body: must be an object with answers and patient');
  const answers = body.answers ?? {};
  if (!isJsonObject(answers)) throw new HttpError(400, 'body/answers: must be an object of answers by field name');
  const patient = body.patient;
  if (!isJsonObject(patient) || !Number.isInteger(patient.age) || (patient.age as number) < 0 || (patient.age as number) > 130) {
    throw new HttpError(400, 'body/patient/age: must be a whole number of years from 0 to 130');
  }
  if (patient.sexAtBirth !== 'female' && patient.sexAtBirth !== 'male') throw new HttpError(400, 'body/patient/sexAtBirth: must be "female" or "male"');
  return { answers: answers as FormData, patient: { age: patient.age as number, sexAtBirth: patient.sexAtBirth } };
}
