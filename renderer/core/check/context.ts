// What every check of checkDocument shares: the document's pieces read once, how a problem is
// added, and the "subject" a condition reads (a field or a parameter) with its kind and options.
import type { DocumentProblem } from '../types';
import { NONE_OF_THE_ABOVE, schemaOptions, type FieldKind } from '../fields';
import { isPlainObject } from '../text';
import { nearMiss } from './nearMiss';
import { OPERATORS_BY_KIND } from './operatorKinds';
import type { Structure } from '../structure';
import { compileDocument } from '../compile';

export type Obj = Record<string, unknown>;

/** Escapes a key for a JSON pointer. */
export const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** A value as it reads in a message. */
export const q = (v: unknown) => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

export const KIND_NAMES: Record<FieldKind, string> = {
  text: 'text',
  number: 'number',
  date: 'date',
  time: 'time',
  datetime: 'date-time',
  boolean: 'yes/no',
  choice: 'single-choice',
  multi: 'multi-choice',
  list: '"add another" list',
  unknown: 'unknown',
};

export interface Subject {
  kind: FieldKind;
  /** For messages: field "x" / parameter "p". */
  name: string;
  /** Offered option values as strings (choice / multi). */
  options?: string[];
  numericOptions?: boolean;
}

export interface CheckContext {
  doc: Obj;
  add: (path: string, message: string) => void;
  /** schema.properties: one property per field. */
  props: Obj;
  fieldNames: string[];
  isField: (f: unknown) => f is string;
  /** The declared parameters ({} when there are none or they are malformed). */
  declared: Obj;
  isParam: (p: unknown) => p is string;
  /** Each field's kind, filled in by the field-schema checks. */
  kinds: Map<string, FieldKind>;
  subjectOf: (f: string) => Subject;
  /**
   * What follows "… is not a field of this form" for a name that is not a field: the near-miss
   * field and the operators that fit its kind of answer, or the fields there are.
   */
  notAField: (name: unknown) => string;
  /** The same, without the leading `"x" is not a field of this form`. */
  fieldHint: (name: unknown) => string;
  /** Whether `name` is a group (a rule may show or hide it, a ui entry may give its hint). */
  isGroup: (name: unknown) => boolean;
  /** A question inside a list's items (`list.field`, or the list itself with `items`): what it reads, else undefined. */
  itemSubjectOf: (question: unknown, whole: boolean) => Subject | undefined;
}

export function makeContext(doc: Obj, props: Obj, out: DocumentProblem[], st?: Structure): CheckContext {
  const declared: Obj = isPlainObject(doc.parameters) ? doc.parameters : {};
  const kinds = new Map<string, FieldKind>();
  const fieldNames = Object.keys(props);
  const fieldHint = (name: unknown): string => {
    const near = typeof name === 'string' ? nearMiss(name, fieldNames) : undefined;
    if (near === undefined) {
      const list = fieldNames.slice(0, 12).join(', ') + (fieldNames.length > 12 ? ', …' : '');
      return fieldNames.length ? ` (fields: ${list})` : '';
    }
    const kind = kinds.get(near) ?? 'unknown';
    const ops = kind === 'unknown' ? undefined : OPERATORS_BY_KIND[kind];
    return ` — did you mean "${near}"?${ops?.length ? ` (a ${KIND_NAMES[kind]} field; operators that fit it: ${ops.join(', ')})` : ''}`;
  };
  const itemSubjectOf = (question: unknown, whole: boolean): Subject | undefined => {
    if (typeof question !== 'string' || !st) return undefined;
    for (const list of st.lists.values()) {
      const sub =
        whole && question === list.path
          ? list.itemDoc.pages[0]!.fields[0]
          : question.startsWith(`${list.path}.`)
            ? question.slice(list.path.length + 1)
            : undefined;
      if (sub === undefined) continue;
      const item = compileDocument(list.itemDoc);
      const kind = item.kindOf(sub);
      if (kind === 'unknown') return undefined;
      const subject: Subject = { kind, name: `field "${sub}" of each item of "${list.path}"` };
      if (kind === 'choice' || kind === 'multi') {
        const opts = item.optionsOf(sub);
        subject.options = opts.map((o) => String(o.value));
        if (kind === 'multi') subject.options.push(NONE_OF_THE_ABOVE);
        subject.numericOptions = opts.length > 0 && opts.every((o) => typeof o.value === 'number');
      }
      return subject;
    }
    return undefined;
  };
  return {
    isGroup: (name) => typeof name === 'string' && st !== undefined && st.groups.has(name),
    itemSubjectOf,
    notAField: (name) => `${q(name)} is not a field of this form${fieldHint(name)}`,
    fieldHint,
    doc,
    add: (path, message) => out.push({ path, message }),
    props,
    fieldNames,
    isField: (f: unknown): f is string => typeof f === 'string' && Object.prototype.hasOwnProperty.call(props, f),
    declared,
    isParam: (p: unknown): p is string => typeof p === 'string' && Object.prototype.hasOwnProperty.call(declared, p),
    kinds,
    subjectOf: (f) => {
      const s = props[f];
      const kind = kinds.get(f) ?? 'unknown';
      const subject: Subject = { kind, name: `field "${f}"` };
      if (kind === 'choice' || kind === 'multi') {
        const opts = schemaOptions(s as never);
        subject.options = opts.map((o) => String(o.value));
        if (kind === 'multi') subject.options.push(NONE_OF_THE_ABOVE);
        subject.numericOptions = opts.length > 0 && opts.every((o) => typeof o.value === 'number');
      }
      return subject;
    },
  };
}
