// The JSON Schema of one field as form documents write it (a subset plus the x-* keywords),
// and the document's schema around it. Pure types: no React, no DOM.

/** A reference to a run-time parameter, usable where a document needs a number the app supplies. */
export interface ParamRef {
  param: string;
  default?: number;
}

/**
 * Date bounds: "today", "today+7d", "today-1m" (units d, w, m, y) or "field:otherField".
 * Used by the `x-date` keyword: { notBefore?, notAfter? } are inclusive (the bound itself is
 * allowed), { after?, before? } strict (the bound itself is refused: "end strictly after start").
 */
export type DateRef = string;

/**
 * Question types of the guideline engine (schemas/questionnaires/README.md). A questionnaire
 * section's field declares one as `x-observationType`; renderer/core/observationTypes.ts maps
 * each onto a widget.
 */
export type ObservationType =
  | 'BINARY'
  | 'BOOLEAN'
  | 'MULTI_CHOICE'
  | 'DROPDOWN'
  | 'NUMERIC'
  | 'TEXT'
  | 'DATE'
  | 'TIME'
  | 'DATE_TIME'
  | 'DISPLAY'
  // Pictures the user sends (ids of uploads the app made), drawn only by an app widget declaring it.
  | 'ATTACHMENT';

/**
 * JSON Schema of one field (a subset: what form documents use). Standard keywords plus:
 * - format: 'date' (YYYY-MM-DD), 'time' (HH:mm), 'date-time' (YYYY-MM-DDTHH:mm), 'email'
 *   (local part at most 64), 'uk-phone' (libphonenumber-js, GB), 'uk-postcode'
 * - x-date: { notBefore?, notAfter? } (inclusive) and { after?, before? } (strict), each a DateRef
 * - x-age: dateOfBirth bounds { min?: number | ParamRef, max?: number | ParamRef, maxYears?: number }
 * - x-yearRange: a year between (current year − yearsBack) and the current year
 */
export interface FieldSchema {
  /** `object` with `properties`: a group of fields (renderer/README.md, "Groups, lists and reuse"). */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  title?: string;
  description?: string;
  enum?: Array<string | number | boolean>;
  oneOf?: Array<{ const: string | number | boolean; title: string }>;
  /** Options of a multi-choice field; or, without options, the item of an "add another" list (an object schema, or a string / number). */
  items?: {
    type?: 'string' | 'number' | 'integer' | 'object';
    enum?: Array<string | number>;
    oneOf?: Array<{ const: string | number; title: string }>;
    properties?: Record<string, FieldSchema>;
    required?: string[];
    title?: string;
    maxLength?: number;
    /** A string item's pattern (a photos field's ids). */
    pattern?: string;
    $ref?: string;
  };
  /** A group's fields (type object). */
  properties?: Record<string, FieldSchema>;
  /** A group's required fields. */
  required?: string[];
  /** A local reference to a definition of the document's schema: "#/definitions/<name>". */
  $ref?: string;
  uniqueItems?: boolean;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** Filled in when the field comes into view unanswered; `{ param: name }` takes a parameter's value (renderer/core/defaults.ts). */
  default?: unknown;
  /** The value is the document's (its const, else its default): shown as a summary row, refused if changed. */
  readOnly?: boolean;
  /** A read-only field's value. */
  const?: unknown;
  'x-date'?: { notBefore?: DateRef; notAfter?: DateRef; after?: DateRef; before?: DateRef };
  'x-age'?: { min?: number | ParamRef; max?: number | ParamRef; maxYears?: number };
  'x-yearRange'?: { yearsBack: number | ParamRef };
  /** Questionnaire sections only: the engine's question type (schemas/questionnaires/README.md). */
  'x-observationType'?: ObservationType;
}

export interface FormSchema {
  type: 'object';
  required?: string[];
  properties: Record<string, FieldSchema>;
  additionalProperties?: boolean;
  /** Reusable field schemas, named by `$ref: "#/definitions/<name>"`. */
  definitions?: Record<string, FieldSchema>;
}
