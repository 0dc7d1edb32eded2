// Form and pathway documents as the practice's server serves them (one source at run
// time). The server checks every document when it loads it and compiles each form's schema check
// to a standalone ES module, served as a hashed script (CSP `script-src 'self'`, no eval here).
import type { FormDocument } from '../../renderer/index';
import { getJson } from './client';
import { postJson } from './send';

export const DOCUMENT_PATHS = {
  form: (id: string) => `/api/v1/documents/forms/${encodeURIComponent(id)}`,
  pathway: (id: string) => `/api/v1/documents/pathways/${encodeURIComponent(id)}`,
  /** The only place the app accepts a validator module from: the server's own hashed scripts. */
  validatorPrefix: '/api/v1/documents/validators/',
  /** Staff only (the staff sign-in's cookie): what the engine gives for answers, nothing stored. */
  pathwayPreview: (id: string) => `/api/v1/practice/documents/pathways/${encodeURIComponent(id)}/preview`,
} as const;

/** Which version of a document an answer was drawn from (a stored request records the same). */
export interface DocumentVersion {
  id: string;
  /** Starts at 1, +1 per accepted change. */
  version: number;
  /** The first 16 hex digits of the sha256 of the document's canonical JSON. */
  hash: string;
}

/** `GET /api/v1/documents/forms/:id`. */
export interface ServedForm extends DocumentVersion {
  document: FormDocument;
  /** `/api/v1/documents/validators/<hash>.js`: an ES module whose default export is the precompiled ajv validator. */
  validator: string;
}

/** `GET /api/v1/documents/pathways/:id`: the pathway as the engine has it. */
export interface ServedPathway<P = unknown> extends DocumentVersion {
  document: P;
}

/** Answers asked for before the app drew anything (src/forms/earlyForms.ts), each taken once. */
const early = new Map<string, Promise<ServedForm>>();

/** Starts fetching a form document now; the next `fetchFormDocument(id)` takes this answer. */
export function prefetchFormDocument(id: string): Promise<ServedForm> {
  let answer = early.get(id);
  if (!answer) {
    answer = getJson<ServedForm>(DOCUMENT_PATHS.form(id));
    // A failure is the page's to report when it asks (it asks again then).
    answer.catch(() => early.delete(id));
    early.set(id, answer);
  }
  return answer;
}

export function fetchFormDocument(id: string): Promise<ServedForm> {
  const answer = early.get(id);
  if (answer) {
    early.delete(id);
    return answer;
  }
  return getJson<ServedForm>(DOCUMENT_PATHS.form(id));
}

export function fetchPathwayDocument<P = unknown>(id: string): Promise<ServedPathway<P>> {
  return getJson<ServedPathway<P>>(DOCUMENT_PATHS.pathway(id));
}

export interface PathwayPreviewRequest {
  answers: Record<string, unknown>;
  patient: { age: number; sexAtBirth: 'female' | 'male' };
}

/** What the engine gives for a set of answers (server/engine/preview.ts). */
export interface PathwayPreviewAnswer {
  refusal?: 'RESTRICTED_BY_AGE' | 'RESTRICTED_BY_SEX';
  path: string[];
  stoppedAtRedFlag: boolean;
  answers: Record<string, Record<string, unknown>>;
  recommendations: Array<{
    id: string;
    type: string;
    tier?: string;
    title: string;
    evidence?: string[];
    actions?: Array<{ type: string; referralId?: string; label?: string; text?: string }>;
  }>;
  topReferral?: string;
  tier?: string;
}

export function previewPathway(id: string, body: PathwayPreviewRequest): Promise<PathwayPreviewAnswer> {
  return postJson<PathwayPreviewAnswer>(DOCUMENT_PATHS.pathwayPreview(id), body);
}
