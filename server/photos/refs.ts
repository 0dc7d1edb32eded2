// Where a request's answers refer to photos: the fields a form document draws with the photos
// widget (ui:widget "photos", an array of photo ids).
import type { FormDocument } from '../../renderer/core/index';
import { PHOTO_ID_PATTERN, type PhotoRef } from './store.js';

export const PHOTOS_WIDGET = 'photos';

/** The names of the document's photo fields. */
function photoFields(doc: FormDocument | undefined): string[] {
  if (!doc?.uiSchema) return [];
  return Object.entries(doc.uiSchema)
    .filter(([, ui]) => ui['ui:widget'] === PHOTOS_WIDGET)
    .map(([name]) => name);
}

/** Every photo id the answers give for the document's photo fields (the form re-check has already checked their shape). */
export function photoRefsOf(doc: FormDocument | undefined, answers: Record<string, unknown>): PhotoRef[] {
  const refs: PhotoRef[] = [];
  for (const field of photoFields(doc)) {
    const value = answers[field];
    if (!Array.isArray(value)) continue;
    for (const id of value) if (typeof id === 'string' && PHOTO_ID_PATTERN.test(id)) refs.push({ field, id });
  }
  return refs;
}

/** The observation type of a questionnaire's photos question (the ids of the photos, one answer each). */
export const ATTACHMENT_OBSERVATION = 'ATTACHMENT';

/**
 * Every photo id a medical request's answers give: its ATTACHMENT observations, as the engine
 * recorded them (the caller passes the request rebuilt from the engine's record, never the
 * client's own answers).
 */
export function photoRefsOfTriageRequest(triageRequest: Record<string, unknown>): PhotoRef[] {
  const refs: PhotoRef[] = [];
  const responseData = Array.isArray(triageRequest.responseData) ? (triageRequest.responseData as unknown[]) : [];
  for (const o of responseData) {
    if (typeof o !== 'object' || o === null) continue;
    const { observationType, identifier, answer } = o as { observationType?: unknown; identifier?: unknown; answer?: unknown };
    if (observationType !== ATTACHMENT_OBSERVATION || typeof identifier !== 'string' || !Array.isArray(answer)) continue;
    for (const a of answer as unknown[]) {
      const id = typeof a === 'object' && a !== null ? (a as { value?: unknown }).value : undefined;
      if (typeof id === 'string' && PHOTO_ID_PATTERN.test(id)) refs.push({ field: identifier, id });
    }
  }
  return refs;
}
