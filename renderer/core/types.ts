// The form-document shape (renderer/README.md, "The document shape"; docs/architecture.md). Every form and questionnaire section the
// app draws is one of these. Pure types: no React, no DOM.
//
// Fields are flat: every answer is a top-level property of `schema.properties`, and a
// field's path is its name. Mapping answers onto nested entities (a person's contactDetails…)
// is the app's job, not the renderer's.
//
// The parts live beside this file, by what they describe: conditions and rules
// (conditionTypes.ts), a field's JSON Schema (fieldSchemaTypes.ts) and how it is drawn
// (uiTypes.ts). This file re-exports them, so `./types` stays the one name to import.
import type { Condition, FieldRule } from './conditionTypes';
import type { FormSchema } from './fieldSchemaTypes';
import type { UiField } from './uiTypes';

export * from './conditionTypes';
export * from './fieldSchemaTypes';
export * from './uiTypes';

export interface DocumentParameter {
  type: 'number' | 'integer' | 'boolean' | 'string';
  description: string;
  default?: number | boolean | string;
  /**
   * Where the value comes from: a dot path into the context the caller passes to
   * `resolveParameters` (e.g. "adminForms.customFields.minimum-dr-letter-charge"). The app and
   * the server pass the same context, so both give a document the same parameters.
   */
  source?: string;
}

/** A block of content on a page: panels, notes and links around the questions. */
export interface ContentBlock {
  kind: 'paragraph' | 'inset' | 'warning' | 'details' | 'care-card';
  heading?: string;
  /** Plain text; `{name}` is replaced by the parameter of that name. One string per paragraph. */
  text: string | string[];
  links?: Array<{ text: string; href?: string; hrefParam?: string }>;
  /** Show the block only when these hold (same rules as fields). */
  enableWhen?: Condition[];
  enableBehavior?: 'all' | 'any';
}

export interface PageSpec {
  id?: string;
  title: string;
  /** Every field of the document appears on exactly one page. */
  fields: string[];
  /** Content drawn above the fields. */
  content?: ContentBlock[];
  /** Content drawn below the fields. */
  contentAfter?: ContentBlock[];
}

/** A cross-field check, e.g. "at least one of these name fields". */
export interface DocumentConstraint {
  id: string;
  kind: 'atLeastOne';
  fields: string[];
  message: string;
  /** The field the error is shown on (default: the first of `fields`). */
  path?: string;
  when?: Condition[];
  whenBehavior?: 'all' | 'any';
}

/**
 * A form document. Top-level keys the renderer does not know (an app's own metadata about the
 * form, such as where it is listed) are left alone: the app types and reads them itself.
 */
export interface FormDocument {
  $schema?: string;
  id: string;
  title: string;
  description?: string;
  /** Named inputs the app supplies at run time (ages, SMS on/off, configured charge…). */
  parameters?: Record<string, DocumentParameter>;
  pages: PageSpec[];
  schema: FormSchema;
  uiSchema?: Record<string, UiField>;
  rules?: Record<string, FieldRule>;
  constraints?: DocumentConstraint[];
  /** Default messages for this document, keyed like ui:errors (a field's own win). */
  messages?: Record<string, string>;
}

/** Answers keyed by field name. */
export type FormData = Record<string, unknown>;
/** Run-time parameter values keyed by parameter name. */
export type Parameters = Record<string, unknown>;

export interface FieldError {
  /** The field name (or the constraint's field). */
  path: string;
  /** The check that failed (required, format, notBefore…), as used for ui:errors keys. */
  keyword: string;
  message: string;
}

export interface DocumentProblem {
  /** JSON path inside the document, e.g. "/rules/otherType/enableWhen/0/question". */
  path: string;
  message: string;
}

export interface PruneResult {
  data: FormData;
  pruned: Array<{ path: string; because: string }>;
}
