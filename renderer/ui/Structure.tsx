// Groups and "add another" lists (renderer/README.md, "Groups, lists and reuse").
// - A group is a fieldset whose legend is the group's title; its fields are ordinary fields.
// - A list follows the NHS / GOV.UK "add another" pattern: one fieldset for the list (its legend
//   is the question), each item its own fieldset ("Medicine 2") with a Remove button naming the
//   item, and an "Add another medicine" button. Adding moves focus to the new item's first field;
//   removing moves it to the list's heading. A keystroke inside an item re-renders that field
//   only: the list itself redraws when the number of items, its error or its visibility change.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { compileDocument, type CompiledDocument, type FieldSchema } from '../core/index';
import { ITEM_FIELD } from '../core/structure';
import { describedBy, ErrorText, Hint, RequiredMark } from './fieldParts';
import { FieldView } from './FieldView';
import { fieldId, useFormContext } from './formContext';
import { getIn } from './paths';
import { fillString } from './strings';

export function GroupField({ name }: { name: string }) {
  const { store, idPrefix, required } = useFormContext();
  const subscribe = useCallback((l: () => void) => store.subscribe(`group:${name}`, l), [store, name]);
  const getVisible = useCallback(() => store.groupVisible(name), [store, name]);
  const visible = useSyncExternalStore(subscribe, getVisible, getVisible);
  const group = store.compiled.structure.groups.get(name)!;
  if (!visible) return null;
  const title = typeof group.schema.title === 'string' ? group.schema.title : name;
  const ui = store.doc.uiSchema?.[name];
  const hint = ui?.['ui:help'] ?? (typeof group.schema.description === 'string' ? group.schema.description : undefined);
  const hintId = `${fieldId(idPrefix, name)}-hint`;
  return (
    <fieldset className="nhsuk-fieldset app-group" aria-describedby={describedBy(hint && hintId)}>
      <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">
        <h2 className="nhsuk-fieldset__heading">{title}</h2>
      </legend>
      <Hint id={hintId} text={hint} />
      {/* The fields sit in a div, not directly in the fieldset: Chromium rebuilds a fieldset's whole
          layout tree when one of its own children is added (a reveal), which redrew the group's
          every field on each click; inside the div only the new field is built. */}
      <div className="app-group__fields">
        {group.children.map((child) =>
          store.compiled.structure.groups.has(child) ? (
            <GroupField key={child} name={child} />
          ) : store.compiled.structure.lists.has(child) ? (
            <ListField key={child} name={child} />
          ) : (
            <FieldView key={child} path={child} field={child} compiled={store.compiled} required={required.has(child)} />
          ),
        )}
      </div>
    </fieldset>
  );
}

/** What the list redraws on: how many items, its own error, whether it is shown. */
function listKey(value: unknown, error: string | undefined, visible: boolean): string {
  return `${Array.isArray(value) ? value.length : 0}\u0000${visible ? 1 : 0}\u0000${error ?? ''}`;
}

export function ListField({ name }: { name: string }) {
  const { store, idPrefix, required, strings } = useFormContext();
  const list = store.compiled.structure.lists.get(name)!;
  const item = useMemo(() => compileDocument(list.itemDoc), [list]);
  const subscribe = useCallback((l: () => void) => store.subscribe(name, l), [store, name]);
  const getKey = useCallback(() => {
    const s = store.snapshot(name);
    return listKey(s.value, s.error, s.visible);
  }, [store, name]);
  useSyncExternalStore(subscribe, getKey, getKey);
  const snap = store.snapshot(name);
  const items = Array.isArray(snap.value) ? snap.value : [];
  const count = Math.max(items.length, 1);
  // A stable React key per item, so removing one keeps the others' inputs (and focus) in place.
  const [itemKeys, setItemKeys] = useState(() => ({ keys: Array.from({ length: count }, (_, i) => i), next: count }));
  const keys = itemKeys.keys;
  const focusAfter = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  if (keys.length !== count) {
    // Items came or went from outside (a restored draft): keep what keys we have, add fresh ones.
    const fixed = keys.slice(0, count);
    let next = itemKeys.next;
    while (fixed.length < count) fixed.push(next++);
    setItemKeys({ keys: fixed, next });
  }
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else if (target) document.getElementById(target)?.focus();
  });
  if (!snap.visible) return null;

  const schema = list.schema;
  const ui = store.doc.uiSchema?.[name] ?? {};
  const itemSchema = schema.items as FieldSchema['items'] & { title?: string };
  const itemName = ui['ui:options']?.itemTitle ?? itemSchema?.title ?? 'Item';
  const id = fieldId(idPrefix, name);
  const hint = ui['ui:help'] ?? schema.description;
  const limit = typeof schema.maxItems === 'number' ? fillString(strings.listAtMost, { max: schema.maxItems }) : undefined;
  const hintText = [hint, limit].filter(Boolean).join(' ') || undefined;
  const fields = item.fields;
  const firstOf = (k: number) => fieldId(idPrefix, list.itemKind === 'object' ? `${name}.${k}.${fields[0]}` : `${name}.${k}`);
  const canAdd = typeof schema.maxItems !== 'number' || count < schema.maxItems;
  const add = () => {
    const current = getIn(store.getData(), name);
    const arr = Array.isArray(current) ? [...current] : [list.itemKind === 'object' ? {} : ''];
    arr.push(list.itemKind === 'object' ? {} : '');
    setItemKeys({ keys: [...keys, itemKeys.next], next: itemKeys.next + 1 });
    focusAfter.current = firstOf(arr.length - 1);
    store.setValue(name, arr);
  };
  const remove = (k: number) => {
    const current = getIn(store.getData(), name);
    const arr = Array.isArray(current) ? current.filter((_, i) => i !== k) : [];
    setItemKeys({ keys: keys.filter((_, i) => i !== k), next: itemKeys.next });
    focusAfter.current = 'heading';
    store.setValue(name, arr.length === 0 ? undefined : arr);
  };
  const itemLabel = (k: number) => fillString(strings.listItem, { Item: itemName, item: itemName.toLowerCase(), n: k + 1 });
  return (
    <div className={snap.error ? 'nhsuk-form-group nhsuk-form-group--error app-list' : 'nhsuk-form-group app-list'}>
      <fieldset className="nhsuk-fieldset" aria-describedby={describedBy(hintText && `${id}-hint`, snap.error && `${id}-error`)}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">
          <h2 className="nhsuk-fieldset__heading" id={`${id}-heading`} tabIndex={-1} ref={headingRef}>
            {schema.title ?? name}
            <RequiredMark required={required.has(name)} />
          </h2>
        </legend>
        <Hint id={`${id}-hint`} text={hintText} />
        <ErrorText id={`${id}-error`} message={snap.error} />
        {/* In a div for the same reason as a group's fields: adding an item rebuilds only that item. */}
        <div className="app-list__items">
          {keys.map((key, k) => (
            <ListItem key={key} list={name} k={k} item={item} label={itemLabel(k)} onRemove={count > 1 ? () => remove(k) : undefined} />
          ))}
        </div>
        {canAdd ? (
          <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={add}>
            {ui['ui:options']?.addLabel ?? fillString(strings.addAnother, { item: itemName.toLowerCase() })}
          </button>
        ) : null}
      </fieldset>
    </div>
  );
}

interface ListItemProps {
  list: string;
  k: number;
  item: CompiledDocument;
  label: string;
  /** Only when the list has more than one item. */
  onRemove: (() => void) | undefined;
}

/** One item of an "add another" list, with its Remove button. */
function ListItem({ list: name, k, item, label, onRemove }: ListItemProps) {
  const { store, strings } = useFormContext();
  const list = store.compiled.structure.lists.get(name)!;
  const removeButton = onRemove ? (
    <button className="nhsuk-button nhsuk-button--secondary nhsuk-button--small" type="button" onClick={onRemove}>
      {strings.removeItem}
      <span className="nhsuk-u-visually-hidden"> {label.toLowerCase()}</span>
    </button>
  ) : null;
  // A plain value's label names the item; an object item is a fieldset whose legend does.
  return list.itemKind === 'object' ? (
    <fieldset className="nhsuk-fieldset app-list__item">
      <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">{label}</legend>
      {item.fields.map((f) => (
        <FieldView key={f} path={`${name}.${k}.${f}`} field={f} compiled={item} required={(list.itemDoc.schema.required ?? []).includes(f)} />
      ))}
      {removeButton}
    </fieldset>
  ) : (
    <div className="app-list__item">
      <FieldView path={`${name}.${k}`} field={ITEM_FIELD} compiled={item} required={false} label={label} />
      {removeButton}
    </div>
  );
}
