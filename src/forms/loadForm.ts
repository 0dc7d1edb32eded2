// Every form the patient app draws comes from the practice's server ("one source at run
// time"): the document from GET /api/v1/documents/forms/:id, its schema check from the hashed
// validator module that answer names. So the preview, the patient and the server's re-check always
// use the same document. `generated/` is for TypeScript types and `codegen --check` only.
import { fromAjvValidator, type FormDocument, type SchemaCheck } from '../../renderer/index';
import type { PrecompiledValidator } from '../../generated/validators/types';
import { ApiError, DOCUMENT_PATHS, fetchFormDocument, type DocumentVersion } from '../api/index';

export interface LoadedForm {
  doc: FormDocument;
  schemaCheck: SchemaCheck;
  /** The version the patient is answering (id, version, hash). */
  version?: DocumentVersion;
}

/**
 * Why a form could not be loaded. Only `network` (no answer reached us) is the patient's
 * connection; the others are the practice's side, and the page says so.
 * - `network`: the fetch itself failed or timed out;
 * - `not-found`: the server has no form of that id (404);
 * - `server`: any other error answer, or an answer that is not a form document;
 * - `validator`: the document came but its validator module did not load.
 */
export type FormLoadErrorKind = 'network' | 'not-found' | 'server' | 'validator';

export class FormLoadError extends Error {
  constructor(
    readonly kind: FormLoadErrorKind,
    readonly formId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FormLoadError';
  }
}

/** Loads one module by URL: the browser's own `import()`; tests put their own here. */
export type ModuleImporter = (url: string) => Promise<unknown>;
const browserImport: ModuleImporter = (url) => import(/* @vite-ignore */ url);
let importModule: ModuleImporter = browserImport;
/** Tests of pages (not of this loader) may serve forms without a server. */
let source: ((id: string) => Promise<LoadedForm>) | undefined;

function isFormDocument(value: unknown): value is FormDocument {
  if (value === null || typeof value !== 'object') return false;
  const doc = value as Partial<FormDocument>;
  return Array.isArray(doc.pages) && doc.schema !== null && typeof doc.schema === 'object';
}

function isValidatorUrl(url: unknown): url is string {
  // A same-origin path under the server's validators only: never a module from anywhere else.
  return typeof url === 'string' && url.startsWith(DOCUMENT_PATHS.validatorPrefix) && /^[\w./-]+$/.test(url) && !url.includes('..');
}

async function fetchForm(id: string): Promise<LoadedForm> {
  let served;
  try {
    served = await fetchFormDocument(id);
  } catch (error) {
    if (error instanceof ApiError) {
      throw new FormLoadError(error.status === 404 ? 'not-found' : 'server', id, `Form ${id}: the server answered ${error.status}`, { cause: error });
    }
    throw new FormLoadError('network', id, `Form ${id}: no answer from the server`, { cause: error });
  }
  if (!served || !isFormDocument(served.document) || !isValidatorUrl(served.validator)) {
    throw new FormLoadError('server', id, `Form ${id}: the server's answer is not a form document`);
  }
  let validator: unknown;
  try {
    validator = ((await importModule(served.validator)) as { default?: unknown }).default;
  } catch (error) {
    throw new FormLoadError('validator', id, `Form ${id}: its validator did not load`, { cause: error });
  }
  if (typeof validator !== 'function') throw new FormLoadError('validator', id, `Form ${id}: its validator module has no default function`);
  return {
    doc: served.document,
    schemaCheck: fromAjvValidator(validator as PrecompiledValidator),
    version: { id: served.id, version: served.version, hash: served.hash },
  };
}

/** One load per form per page life: a form a page asked for is there for the next page (and the receipt). */
const cache = new Map<string, Promise<LoadedForm>>();
/** Forms already loaded, for pages that draw at once when they can. */
const ready = new Map<string, LoadedForm>();

/**
 * The form document `id` and its precompiled schema check, from the server. Loaded once and kept
 * for the life of the page; a failed load is forgotten, so "Try again" asks the server again.
 */
export function loadForm(id: string): Promise<LoadedForm> {
  const known = cache.get(id);
  if (known) return known;
  const loading = (source ?? fetchForm)(id).then(
    (form) => {
      ready.set(id, form);
      return form;
    },
    (error: unknown) => {
      cache.delete(id);
      throw error;
    },
  );
  cache.set(id, loading);
  return loading;
}

/** The form if it has already loaded (no request). */
export function loadedForm(id: string): LoadedForm | undefined {
  return ready.get(id);
}

/**
 * Starts loading forms the patient is about to need (the next step's, while they read this one),
 * so the next page draws without waiting. Failures are left for the page that needs the form.
 */
export function prefetchForms(...ids: string[]): void {
  for (const id of ids) loadForm(id).catch(() => undefined);
}

/**
 * Tests only: forget every loaded form and, optionally, load validator modules another way
 * (`importer`) or take forms from somewhere other than the server (`from`).
 */
export function resetFormCache(options: { importer?: ModuleImporter; from?: (id: string) => Promise<LoadedForm> } = {}): void {
  cache.clear();
  ready.clear();
  importModule = options.importer ?? browserImport;
  source = options.from;
}
