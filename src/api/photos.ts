// Photos (server/routes/photos.ts): each picture is sent as it is chosen, its bytes as the body
// (the server reads the content, never the name or the declared type), bound to the request
// being built by a draft id; the request sent later refers to the ids.
import { callJson, postBytes } from './client';

const PHOTO_PATHS = {
  upload: '/api/v1/triage/patient/photos',
} as const;

export interface UploadedPhoto {
  id: string;
  thumbnailUrl: string;
}

export const photoThumbnailUrl = (id: string): string => `${PHOTO_PATHS.upload}/${encodeURIComponent(id)}/thumbnail`;

/** Sends one picture; rejects with the server's own words (what was wrong, what to do) on a refusal. */
export async function uploadPhoto(file: Blob, draft: string): Promise<UploadedPhoto> {
  const photo = await postBytes<{ id: string }>(`${PHOTO_PATHS.upload}?draft=${encodeURIComponent(draft)}`, file);
  return { id: photo.id, thumbnailUrl: photoThumbnailUrl(photo.id) };
}

/** Removes a picture not yet sent (an upload never sent is deleted after a few hours anyway). */
export async function removePhoto(id: string): Promise<void> {
  await callJson(`${PHOTO_PATHS.upload}/${encodeURIComponent(id)}`, 'DELETE');
}
