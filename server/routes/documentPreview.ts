import type { FastifyInstance } from 'fastify';
import type { FormData } from '../../renderer/core/index';
import type { ServerContext } from '../context.js';
import { previewPathway, type PreviewPatient } from '../engine/preview.js';
import { HttpError } from '../errors.js';

/** The staff preview pages (drawn by the app, behind the staff guard like every /practice page). */
export const PREVIEW_PAGE_PREFIX = '/practice/forms/preview/';
/** Every staff page the app draws: the previews and the document editor (src/staff-editor). */
export const STAFF_APP_PAGE_PREFIXES: readonly string[] = [PREVIEW_PAGE_PREFIX, '/practice/forms/edit/'];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `POST /api/v1/practice/documents/pathways/:id/preview` (staff only: the staff guard covers
 * /api/v1/practice/*): `{ answers, patient: { age, sexAtBirth } }` → what the engine gives
 * (server/engine/preview.ts). Nothing is stored.
 */
/** The answers and patient of a preview call, or a 400 saying what is wrong (the draft walk reads the same body). */
export function previewRequestOf(body: unknown): { answers: FormData; patient: PreviewPatient } {
  if (!isObj(body)) throw new HttpError(400, 'body: must be an object with answers and patient');
  const answers = body.answers ?? {};
  if (!isObj(answers)) throw new HttpError(400, 'body/answers: must be an object of answers by field name');
  const patient = body.patient;
  if (!isObj(patient) || !Number.isInteger(patient.age) || (patient.age as number) < 0 || (patient.age as number) > 130) {
    throw new HttpError(400, 'body/patient/age: must be a whole number of years from 0 to 130');
  }
  if (patient.sexAtBirth !== 'female' && patient.sexAtBirth !== 'male') throw new HttpError(400, 'body/patient/sexAtBirth: must be "female" or "male"');
  return { answers: answers as FormData, patient: { age: patient.age as number, sexAtBirth: patient.sexAtBirth } };
}

export function registerDocumentPreviewRoutes(app: FastifyInstance, { engine, now }: ServerContext): void {
  app.post('/api/v1/practice/documents/pathways/:id/preview', async (request) => {
    const { id } = request.params as { id: string };
    const pathway = engine.library.get(id);
    if (!pathway) throw new HttpError(404, `No pathway ${id}`);
    const { answers, patient } = previewRequestOf(request.body);
    return previewPathway(pathway, answers, patient, new Date(now()));
  });
}
