import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as rendererCore from '../renderer/core/index';
import type { FieldError, FormData, FormDocument, Parameters, PruneResult } from '../renderer/core/index';
import { HttpError } from './errors.js';

/** The renderer core functions the server re-checks submissions with (renderer/core/index). */
export interface FormCore {
  prune(doc: FormDocument, data: FormData, params?: Parameters): PruneResult;
  validate(doc: FormDocument, data: FormData, options: { params?: Parameters; today?: Date }): FieldError[];
}

/** The real renderer core: the same prune and validate the browser runs. */
export const RENDERER_CORE: FormCore = { prune: rendererCore.prune, validate: rendererCore.validate };

/** Form documents schemas/forms/<FORM_TYPE>.form.json, read once and cached. */
export class FormDocuments {
  private readonly docs = new Map<string, FormDocument>();
  readonly missing: string[] = [];
  readonly broken: string[] = [];
  private readonly types: ReadonlySet<string>;

  constructor(
    readonly dir: string,
    formTypes: readonly string[],
  ) {
    this.types = new Set(formTypes);
    for (const type of formTypes) {
      const file = path.join(dir, `${type}.form.json`);
      if (!existsSync(file)) {
        this.missing.push(type);
        continue;
      }
      try {
        this.docs.set(type, JSON.parse(readFileSync(file, 'utf8')) as FormDocument);
      } catch (error) {
        this.broken.push(`${type}: ${(error as Error).message}`);
      }
    }
  }

  get(type: string): FormDocument | undefined {
    return this.docs.get(type);
  }

  /** Whether `type` is one of the admin form types at all (a triage type or any other name is not). */
  knows(type: string): boolean {
    return this.types.has(type);
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
  const doc = ctx.docs.get(formType);
  // A known type without its document is the practice's fault (start-up warns); no file path in the answer.
  if (!doc) throw new HttpError(500, 'Internal Server Error');
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
  return rendererCore.toWire(doc, data);
}
