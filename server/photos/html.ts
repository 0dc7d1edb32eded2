// Photos in the practice's inbox: a thumbnail per photo, each a link to the full picture (both
// served to staff only, each view recorded by server/routes/photos.ts).
import { PHOTO_ID_PATTERN } from './store.js';

/** The photos of one question as a list of linked thumbnails; ids that are not photo ids are left out. */
export function photoThumbnailsHtml(value: readonly unknown[]): string {
  const ids = value.filter((v): v is string => typeof v === 'string' && PHOTO_ID_PATTERN.test(v));
  const items = ids.map(
    (id, i) =>
      `<li><a href="/api/v1/practice/photos/${id}"><img src="/api/v1/practice/photos/${id}/thumbnail" alt="Photo ${i + 1} of ${ids.length}: open the full picture" width="160"></a></li>`,
  );
  return `<ul class="app-photo-thumbnails">${items.join('')}</ul>`;
}
