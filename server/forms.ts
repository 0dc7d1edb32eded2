import * as rendererCore from '../renderer/core/index';
import type { FieldError, FormData, FormDocument, Parameters, PruneResult } from '../renderer/core/index';
import type { WithFormMenu } from '../common/index.js';
import { HttpError } from './errors.js';
import { withCanonicalFormPhones } from './identity.js';

/** The renderer core functions the server re-checks submissions with (renderer/core/index). */
export interface FormCore {
  prune(doc: FormDocument, data: FormData, params?: Parameters): PruneResult;
  validate(doc: FormDocument, data: FormData, options: { params?: Parameters; today?: Date }): FieldError[];
}

/** The real renderer core: the same prune and validate the browser runs. */
export const RENDERER_CORE: FormCore = { prune: rendererCore.prune, validate: rendererCore.validate };

/** Which version of a document a request was answered on (stored with the request). */
export interface DocumentVersionRef {
  id: string;
  version: number;
  hash: string;
}

/**
 * The form documents the server serves now, by id: filled and replaced by LiveDocuments
 * (server/documents/liveDocuments.ts), which reads, checks and versions them. An admin form is one of the
 * contract's form types or any form with a menu entry; the other forms are steps (CONTACT_DETAILS…).
 */
export class FormDocuments {
  private readonly docs = new Map<string, { doc: FormDocument; version: DocumentVersionRef }>();
  private readonly adminTypes: ReadonlySet<string>;

  constructor(adminFormTypes: readonly string[]) {
    this.adminTypes = new Set(adminFormTypes);
  }

  set(doc: FormDocument, version: DocumentVersionRef): void {
    this.docs.set(version.id, { doc, version });
  }

  /** Stops serving `type` (its file is gone). */
  delete(type: string): void {
    this.docs.delete(type);
  }

  get(type: string): FormDocument | undefined {
    return this.docs.get(type)?.doc;
  }

  /** The version of the document served now. */
  versionOf(type: string): DocumentVersionRef | undefined {
    return this.docs.get(type)?.version;
  }

  /** Whether `type` is an admin form the server has a document for (a triage type, a step or any other name is not). */
  knows(type: string): boolean {
    const doc = this.docs.get(type)?.doc;
    return doc !== undefined && (this.adminTypes.has(type) || (doc as FormDocument & WithFormMenu).menu !== undefined);
  }
}

export interface RecheckContext {
  core: FormCore;
  docs: FormDocuments;
  /** What the documents' parameters are read from (`resolveParameters`): settings and the patient. */
  parameterContext: unknown;
}

/**
 * Re-checks the fields of one submitted form with the same rules the browser used: fields the
 * document does not know and empty strings are dropped, hidden fields pruned, the rest validated.
 * Returns the fields to store (choice answers with ui:options sendAs valueLabel as { value, label }); throws HttpError 400 with details on a validation error.
 */
export function recheckForm(ctx: RecheckContext, formType: string, fields: FormData, pathPrefix = ''): FormData {
  // An unknown type (a triage type, "constructor"…) is the caller's mistake: 400 naming the field.
  if (!ctx.docs.knows(formType)) {
    const message = 'is not an admin form type';
    throw new HttpError(400, `body${pathPrefix}/formType ${message}`, { details: [{ path: `${pathPrefix}/formType`, message }] });
  }
  const doc = ctx.docs.get(formType)!;
  const known: FormData = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!Object.prototype.hasOwnProperty.call(doc.schema.properties, name)) continue;
    if (value === undefined || value === null || value === '') continue;
    known[name] = value;
  }
  const params = rendererCore.resolveParameters(doc, ctx.parameterContext);
  // Choice answers sent as { value, label } (ui:options sendAs) are checked as their values and
  // stored as { value, label } again, with the document's labels.
  const wire = rendererCore.fromWire(doc, known);
  const { data } = ctx.core.prune(doc, wire.data, params);
  const errors = [...wire.errors, ...(wire.errors.length > 0 ? [] : ctx.core.validate(doc, data, { params }))];
  if (errors.length > 0) {
    const details = errors.map((e) => ({ path: `${pathPrefix}/${e.path}`, message: e.message }));
    throw new HttpError(400, details.map((d) => `body${d.path}: ${d.message}`).join('; '), { details });
  }
  // A phone answer is stored in one spelling (E.164), whatever the patient typed.
  return withCanonicalFormPhones(doc.schema, rendererCore.toWire(doc, data));
}
