import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { previewPathway } from '../engine/preview.js';
import { HttpError } from '../errors.js';
import { previewRequestOf } from '../services/index.js';

/** The staff preview pages (drawn by the app, behind the staff guard like every /practice page). */
const PREVIEW_PAGE_PREFIX = '/practice/forms/preview/';
/** Every staff page the app draws: the previews and the document editor (src/staff-editor). */
export const STAFF_APP_PAGE_PREFIXES: readonly string[] = [PREVIEW_PAGE_PREFIX, '/practice/forms/edit/'];

/**
 * `POST /api/v1/practice/documents/pathways/:id/preview` (staff only: the staff guard covers
 * /api/v1/practice/*): `{ answers, patient: { age, sexAtBirth } }` → what the engine gives
 * (server/engine/preview.ts). Nothing is stored.
 */

export function registerDocumentPreviewRoutes(app: FastifyInstance, { engine, now }: ServerContext): void {
  app.post('/api/v1/practice/documents/pathways/:id/preview', async (request) => {
    const { id } = request.params as { id: string };
    const pathway = engine.library.get(id);
    if (!pathway) throw new HttpError(404, `No pathway ${id}`);
    const { answers, patient } = previewRequestOf(request.body);
    return previewPathway(pathway, answers, patient, new Date(now()));
  });
}
