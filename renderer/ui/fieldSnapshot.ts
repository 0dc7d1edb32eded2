// What the form model hands each field component, and how it tells whether a field must redraw.
import { compileDocument } from '../core/index';
import type { FieldError, FormData, FormDocument, Parameters } from '../core/types';
import { getIn } from './paths';

/** What one field component needs to draw itself; replaced (never mutated) when it changes. */
export interface FieldSnapshot {
  value: unknown;
  error: string | undefined;
  visible: boolean;
  disabled: boolean;
  /** Visible option values when the field has option rules; undefined means "all options". */
  options: ReadonlySet<string> | undefined;
}

export function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const v of a) if (!b.has(v)) return false;
  return true;
}

/** Whether a field draws the same from both snapshots (so its subscribers need not hear of it). */
export function sameSnapshot(old: FieldSnapshot | undefined, next: FieldSnapshot): boolean {
  return (
    old !== undefined &&
    old.value === next.value &&
    old.error === next.error &&
    old.visible === next.visible &&
    old.disabled === next.disabled &&
    sameSet(old.options, next.options)
  );
}

/**
 * A field inside a list item (`medicines.2.name`), by the item document's own rules on that
 * item's answers; undefined for the item itself (`medicines.2`).
 */
export function itemRuleState(
  itemDoc: FormDocument,
  data: FormData,
  params: Parameters,
  list: string,
  path: string,
): { visible: boolean; disabled: boolean; options: ReadonlySet<string> | undefined } | undefined {
  const rest = path.slice(list.length + 1).split('.');
  const k = Number(rest[0]);
  const sub = rest.slice(1).join('.');
  if (sub === '') return undefined;
  const itemVis = compileDocument(itemDoc).evaluate(getIn(data, `${list}.${k}`) as FormData, params);
  return { visible: itemVis.visible.has(sub), disabled: itemVis.disabled.has(sub), options: itemVis.options.get(sub) };
}

/** Every field a content block's enableWhen reads. */
export function contentQuestions(doc: FormDocument): Set<string> {
  const fields = new Set<string>();
  for (const page of doc.pages) {
    for (const block of [...(page.content ?? []), ...(page.contentAfter ?? [])]) {
      for (const c of block.enableWhen ?? []) if (c.question) fields.add(c.question);
    }
  }
  return fields;
}

/** Each path's first error message (what its field shows). */
export function errorsByPath(errors: FieldError[]): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const e of errors) if (!byPath.has(e.path)) byPath.set(e.path, e.message);
  return byPath;
}

/** Whether the error summary lists the same errors in the same order. */
export function sameErrors(a: FieldError[], b: FieldError[]): boolean {
  return a.length === b.length && b.every((e, i) => e.path === a[i]?.path && e.message === a[i]?.message);
}
