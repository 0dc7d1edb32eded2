// The form's state lives here, outside React, so that a keystroke re-renders only the field
// that changed (each field subscribes to its own snapshot with useSyncExternalStore) and a
// change that flips a rule re-renders only the fields whose visibility, options or disabled
// state actually changed. The whole-form component never re-renders per keystroke.
import { compileDocument, contentKey, prune, validate, type SchemaCheck } from '../core/index';
import { applyDefaults, documentHasDefaults } from '../core/defaults';
import type { FieldError, FormData, FormDocument, Parameters } from '../core/types';
import { contentQuestions, errorsByPath, itemRuleState, sameErrors, sameSet, sameSnapshot, type FieldSnapshot } from './fieldSnapshot';
import { getIn, setIn } from './paths';
import { CONTENT_KEY, ERRORS_KEY, StoreSubscriptions } from './storeSubscriptions';

export type { FieldSnapshot } from './fieldSnapshot';

type Compiled = ReturnType<typeof compileDocument>;
type Visibility = ReturnType<Compiled['evaluate']>;

export interface FormStoreOptions {
  doc: FormDocument;
  params: Parameters;
  initialData: FormData;
  schemaCheck?: SchemaCheck;
  onChange?: (data: FormData) => void;
}

export class FormModel extends StoreSubscriptions {
  readonly doc: FormDocument;
  readonly compiled: Compiled;
  params: Parameters;
  schemaCheck: SchemaCheck | undefined;
  onChange: ((data: FormData) => void) | undefined;

  private data: FormData;
  private visibility: Visibility;
  private snapshots = new Map<string, FieldSnapshot>();
  private fieldErrors = new Map<string, string>();
  private errorList: FieldError[] = [];
  /** Fields validated on change (the current page) once a Next/Send has failed; empty before. */
  private liveFields: string[] | undefined;
  private contentVersion = 0;

  constructor(options: FormStoreOptions) {
    super();
    this.doc = options.doc;
    this.compiled = compileDocument(options.doc);
    this.params = options.params;
    this.schemaCheck = options.schemaCheck;
    this.onChange = options.onChange;
    this.data = { ...options.initialData };
    this.visibility = this.compiled.evaluate(this.data, this.params);
    this.fieldSet = new Set(this.compiled.fields);
    this.clearHiddenAndDisabled(new Set());
    this.hasDefaults = documentHasDefaults(this.doc);
    if (this.hasDefaults) this.fillDefaults();
  }

  private readonly hasDefaults: boolean;
  /** What was in view after the last defaults pass: a default fills only what came into view since. */
  private shown: Set<string> | undefined;

  /**
   * Fills the defaults of the fields that came into view unanswered and holds read-only fields
   * at their set value (core/defaults.ts); redraws what changed. Only documents with defaults.
   */
  private fillDefaults(): void {
    const r = applyDefaults(this.doc, this.data, this.params, this.shown);
    this.shown = r.shown;
    if (r.changed.length === 0) return;
    this.data = r.data;
    for (const path of r.changed) {
      this.refresh(path);
      const field = this.fieldOf(path);
      if (field !== path) this.refresh(field);
    }
    this.reevaluate();
  }

  // ---- reads ---------------------------------------------------------------------------

  getData(): FormData {
    return this.data;
  }

  getErrors(): FieldError[] {
    return this.errorList;
  }

  /** Changes whenever content-block visibility may have changed. */
  getContentVersion(): number {
    return this.contentVersion;
  }

  getVisibility(): Visibility {
    return this.visibility;
  }

  snapshot(field: string): FieldSnapshot {
    let snap = this.snapshots.get(field);
    if (!snap) {
      snap = this.buildSnapshot(field);
      this.snapshots.set(field, snap);
    }
    return snap;
  }

  /**
   * The form's field a path belongs to: itself, or the list holding it (`medicines.2.name` →
   * `medicines`). Paths inside a list item are drawn by the list; their visibility is the list's
   * and, inside the item, the item document's rules.
   */
  fieldOf(path: string): string {
    if (this.fieldSet.has(path)) return path;
    for (const list of this.compiled.structure.lists.keys()) if (path.startsWith(`${list}.`)) return list;
    return path;
  }
  private readonly fieldSet: ReadonlySet<string>;

  private buildSnapshot(path: string): FieldSnapshot {
    const field = this.fieldOf(path);
    let visible = this.visibility.visible.has(field);
    let options: ReadonlySet<string> | undefined = this.visibility.options.get(field);
    let disabled = this.visibility.disabled.has(field);
    if (field !== path) {
      // Inside an item: the item's own rules (list.<k>.<sub>).
      const item = itemRuleState(this.compiled.structure.lists.get(field)!.itemDoc, this.data, this.params, field, path);
      if (item) {
        visible = visible && item.visible;
        disabled = disabled || item.disabled;
        options = item.options;
      }
    }
    return {
      value: getIn(this.data, path),
      error: this.fieldErrors.get(path),
      visible,
      disabled,
      options,
    };
  }

  /** Whether any field of a group is shown (an empty group draws nothing). */
  groupVisible(group: string): boolean {
    return this.compiled.structure.expand(group).some((f) => this.visibility.visible.has(f));
  }

  /** Rebuilds a field's snapshot and tells its subscribers if anything they draw changed. */
  private refresh(field: string): void {
    const old = this.snapshots.get(field);
    const next = this.buildSnapshot(field);
    if (sameSnapshot(old, next)) return;
    this.snapshots.set(field, next);
    this.notify(field);
  }

  setOnChange(listener: ((data: FormData) => void) | undefined): void {
    this.onChange = listener;
  }

  setSchemaCheck(check: SchemaCheck | undefined): void {
    this.schemaCheck = check;
  }

  // ---- writes --------------------------------------------------------------------------

  /**
   * Stores an answer at a path: a field (`name`, a group's `address.postcode`), a whole list
   * (`medicines`, when adding or removing an item) or a field inside an item (`medicines.2.name`).
   */
  setValue(path: string, value: unknown): void {
    const current = getIn(this.data, path);
    if (current === value) return;
    this.data = setIn(this.data, path, value);
    const field = this.fieldOf(path);
    this.refresh(path);
    // A whole list (or group) replaced: every answer drawn inside it may have moved.
    const inside = `${path}.`;
    for (const key of [...this.snapshots.keys()]) if (key.startsWith(inside)) this.refresh(key);
    if (field !== path) {
      this.refresh(field);
      // The item's other fields may be shown or hidden by its own rules.
      const list = this.compiled.structure.lists.get(field);
      const k = path.slice(field.length + 1).split('.')[0];
      if (list && list.itemKind === 'object') for (const sub of compileDocument(list.itemDoc).fields) this.refresh(`${field}.${k}.${sub}`);
    }
    if (this.compiled.dependentsOf(field).length > 0 || this.contentReads(field)) this.reevaluate();
    if (this.hasDefaults) this.fillDefaults();
    if (this.liveFields) this.revalidate(this.liveFields);
    this.onChange?.(this.data);
  }

  setParams(params: Parameters): void {
    this.params = params;
    this.reevaluate();
    if (this.hasDefaults) this.fillDefaults();
    if (this.liveFields) this.revalidate(this.liveFields);
  }

  private contentFields: Set<string> | undefined;
  /** Whether a content block's enableWhen reads this field. */
  private contentReads(field: string): boolean {
    this.contentFields ??= contentQuestions(this.doc);
    return this.contentFields.has(field);
  }

  /** Recomputes visibility and notifies only the fields whose visibility state changed. */
  private reevaluate(): void {
    const before = this.visibility;
    this.visibility = this.compiled.evaluate(this.data, this.params);
    const changed = new Set<string>();
    for (const field of this.compiled.fields) {
      if (
        before.visible.has(field) !== this.visibility.visible.has(field) ||
        before.disabled.has(field) !== this.visibility.disabled.has(field) ||
        !sameSet(before.options.get(field), this.visibility.options.get(field))
      ) {
        changed.add(field);
      }
    }
    this.clearHiddenAndDisabled(changed);
    for (const field of changed) this.refresh(field);
    for (const group of this.compiled.structure.groups.keys()) this.notify(`group:${group}`);
    if (!sameSet(before.content, this.visibility.content)) {
      this.contentVersion += 1;
      this.notify(CONTENT_KEY);
    }
  }

  /**
   * A field hidden by a clearWhenHidden rule forgets its answer at once, and a disabled field
   * is empty (core lists both in `clear`). Other hidden answers stay in memory (they come back
   * if the field reappears) but are never validated nor submitted.
   */
  private clearHiddenAndDisabled(changed: Set<string>): void {
    let cleared = false;
    let data = this.data;
    for (const field of this.visibility.clear) {
      if (getIn(data, field) === undefined) continue;
      data = setIn(data, field, undefined);
      changed.add(field);
      cleared = true;
    }
    if (cleared) {
      this.data = data;
      // The core already counts these as unanswered; re-evaluating keeps `visibility` in step with the data.
      this.visibility = this.compiled.evaluate(this.data, this.params);
    }
  }

  /** Whether a page's content block is shown (blocks without enableWhen always are). */
  blockVisible(pageIndex: number, position: 'content' | 'contentAfter', index: number): boolean {
    return this.visibility.content.has(contentKey(pageIndex, position, index));
  }

  // ---- validation ----------------------------------------------------------------------

  /** Validates these fields (a page); shows the result; returns the errors. */
  validateFields(fields: string[]): FieldError[] {
    return this.revalidate(fields);
  }

  /** After a failed Next/Send, errors of these fields re-evaluate on every change. */
  setLiveValidation(fields: string[] | undefined): void {
    this.liveFields = fields;
  }

  clearErrors(): void {
    this.setErrors([]);
  }

  /** Shows errors found elsewhere (the server's answer to Send), each on its field and in the summary. */
  showErrors(errors: FieldError[]): void {
    this.setErrors(errors);
  }

  private revalidate(fields: string[]): FieldError[] {
    const errors = validate(this.doc, this.data, {
      params: this.params,
      fields,
      ...(this.schemaCheck ? { schemaCheck: this.schemaCheck } : {}),
    });
    this.setErrors(errors);
    return errors;
  }

  private setErrors(errors: FieldError[]): void {
    const next = errorsByPath(errors);
    const touched = new Set<string>([...this.fieldErrors.keys(), ...next.keys()]);
    const listChanged = !sameErrors(this.errorList, errors);
    this.fieldErrors = next;
    for (const field of touched) this.refresh(field);
    if (listChanged) {
      this.errorList = errors;
      this.notify(ERRORS_KEY);
    }
  }

  /** The payload Send submits: hidden, disabled and empty answers removed, text normalised. */
  pruned() {
    return prune(this.doc, this.data, this.params);
  }
}
