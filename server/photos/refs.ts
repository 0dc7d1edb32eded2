// Where a request's answers refer to photos: the fields a form document draws with the photos
// widget (ui:widget "photos", an array of photo ids).
import type { FormDocument } from '../../renderer/core/index';
import { PHOTO_ID_PATTERN, type PhotoRef } from './store.js';

export const PHOTOS_WIDGET = 'photos';

/** The names of the document's photo fields. */
export function photoFields(doc: FormDocument | undefined): string[] {
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
