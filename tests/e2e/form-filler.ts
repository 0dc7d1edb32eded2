// A generic "patient" for the preview page /_preview/<ID>: reads a form document (fields of each
// page, widget from ui:widget / schema, options, formats, x-date / x-age / x-yearRange bounds) and
// answers every question it can see with a valid value, through the real widgets, found by their
// accessible names (label or legend) the way a screen-reader user or a patient would find them.
// A group (`address`) on a page stands for its fields, each answered under its dotted path
// (`address.postcode`) as the renderer's flat view names it; answers are read back nested.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, addMonths, addWeeks, addYears, format, parseISO, subYears } from 'date-fns';
import type { Locator, Page } from 'playwright-core';
import {
  defaultWidget,
  hasValue,
  readPath,
  schemaOptions,
  structureOf,
  type FieldSchema,
  type FormData,
  type FormDocument,
  type UiField,
  type WidgetName,
} from '../../renderer/core/index';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FORMS_DIR = path.join(root, 'schemas/forms');

/** Every document id of schemas/forms, sorted. */
/** The ten admin forms a patient may pick: the API contract's form types but the standalone change of contact details. */
export const ADMIN_FORMS: readonly string[] = (
  JSON.parse(readFileSync(path.join(root, 'schemas/api/admin-form-type.schema.json'), 'utf8')) as { enum: string[] }
).enum.filter((t) => t !== 'CHANGE_OF_CONTACT_DETAILS');

export function formIds(): string[] {
  return readdirSync(FORMS_DIR)
    .filter((f) => f.endsWith('.form.json'))
    .map((f) => f.replace(/\.form\.json$/, ''))
    .sort();
}

export function loadDocument(id: string): FormDocument {
  return JSON.parse(readFileSync(path.join(FORMS_DIR, `${id}.form.json`), 'utf8')) as FormDocument;
}

/** The document with groups flattened: every field under its dotted path, $refs resolved (the same document for a flat one). */
export function flatOf(doc: FormDocument): FormDocument {
  return structureOf(doc).flat;
}

/** The fields a page asks, a group standing for each of its fields (`address` → `address.line1`, …). */
export function pageFields(doc: FormDocument, pageIndex: number): string[] {
  const st = structureOf(doc);
  return (doc.pages[pageIndex]?.fields ?? []).flatMap((f) => st.expand(f));
}

/** A field's title (a group's field by its dotted path). */
export function titleOf(doc: FormDocument, name: string): string {
  return flatOf(doc).schema.properties[name]?.title ?? name;
}

// ---- values a patient would give ------------------------------------------------------------

export const VALID = {
  email: 'amelia.testwell@example.com',
  phone: '07712 345678',
  postcode: 'LS1 4AP',
  name: 'Alex Sample',
};

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

function startOfToday(today: Date): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate());
}

/** Resolves an x-date reference ("today", "today+1w", "field:startDate") against the answers so far. */
export function resolveDateRef(ref: string | undefined, answers: FormData, today: Date): Date | undefined {
  if (ref === undefined) return undefined;
  if (ref.startsWith('field:')) {
    const other = answers[ref.slice('field:'.length)];
    return typeof other === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(other) ? parseISO(other) : undefined;
  }
  const m = /^today(?:([+-])(\d{1,4})([dwmy]))?$/.exec(ref);
  if (!m) throw new Error(`form-filler: unknown date reference ${ref}`);
  const base = startOfToday(today);
  if (!m[1]) return base;
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  return m[3] === 'd' ? addDays(base, n) : m[3] === 'w' ? addWeeks(base, n) : m[3] === 'm' ? addMonths(base, n) : addYears(base, n);
}

/** A valid date for a date field: inside its x-date bounds (computed now), or a 40-year-old's birthday for x-age. */
export function chooseDate(schema: FieldSchema, answers: FormData, today: Date): string {
  if (schema['x-age']) return iso(subYears(startOfToday(today), 40));
  const lo = resolveDateRef(schema['x-date']?.notBefore, answers, today);
  const hi = resolveDateRef(schema['x-date']?.notAfter, answers, today);
  if (lo && hi) return iso(addDays(lo, Math.floor((hi.getTime() - lo.getTime()) / 86_400_000 / 2)));
  if (lo) return iso(addDays(lo, 14));
  if (hi) return iso(addDays(hi, -10));
  return iso(addDays(startOfToday(today), -30));
}

function fitLength(text: string, schema: FieldSchema): string {
  const max = schema.maxLength ?? 300;
  return text.length > max ? text.slice(0, max).trimEnd() : text;
}

/** What a patient would answer to this field, given the answers so far. */
export function chooseValue(doc: FormDocument, name: string, answers: FormData, today: Date): unknown {
  const flat = flatOf(doc);
  const schema = flat.schema.properties[name];
  if (!schema) throw new Error(`form-filler: ${doc.id} has no field ${name}`);
  const ui = flat.uiSchema?.[name];
  const widget = defaultWidget(schema, ui);
  const options = schemaOptions(schema, ui);
  switch (widget) {
    case 'radio':
    case 'select':
      if (!options[0]) throw new Error(`form-filler: ${doc.id}.${name} has no options`);
      return options[0].value;
    case 'checkboxes':
      if (!options[0]) throw new Error(`form-filler: ${doc.id}.${name} has no options`);
      return [options[0].value];
    case 'yesNo':
      // A boolean limited by enum (fit note: only "No" may be sent) takes the allowed value.
      return Array.isArray(schema.enum) && schema.enum.length > 0 ? schema.enum[0] : true;
    case 'checkbox':
      return true;
    case 'date':
      return chooseDate(schema, answers, today);
    case 'integer':
    case 'number':
    case 'scale-0-10': {
      if (schema['x-yearRange']) return today.getFullYear() - 1;
      const min = schema.minimum ?? 1;
      return schema.maximum !== undefined ? Math.min(min, schema.maximum) : min;
    }
    case 'email':
      return VALID.email;
    case 'tel':
      return VALID.phone;
    case 'textarea':
      return fitLength(`My answer about ${(schema.title ?? name).toLowerCase().replace(/[?.]$/, '')}.`, schema);
    case 'text': {
      if (schema.format === 'email') return VALID.email;
      if (schema.format === 'uk-phone') return VALID.phone;
      if (schema.format === 'uk-postcode') return VALID.postcode;
      const candidates = [`Answer for ${name}`, VALID.name, 'Sample'];
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      const chosen = candidates.find((c) => !pattern || pattern.test(c));
      if (!chosen) throw new Error(`form-filler: no candidate value matches ${doc.id}.${name} pattern`);
      return fitLength(chosen, schema);
    }
    case 'list': {
      // An "add another" list: one item, each of its required fields answered.
      const list = structureOf(doc).lists.get(name)!;
      if (list.itemKind !== 'object') return [chooseValue(list.itemDoc, 'item', {}, today)];
      const item: FormData = {};
      for (const f of list.itemDoc.schema.required ?? []) item[f] = chooseValue(list.itemDoc, f, item, today);
      return [item];
    }
    default:
      throw new Error(`form-filler: widget ${widget} of ${doc.id}.${name} is not supported`);
  }
}

// ---- the page -------------------------------------------------------------------------------

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The accessible name of a question: its title, plus " (required)" for required ones. */
export function questionName(title: string): RegExp {
  return new RegExp(`^${escapeRe(title)}(?: \\(required\\))?$`);
}

export function form(page: Page): Locator {
  return page.locator('.app-schema-form');
}

export function widgetOf(doc: FormDocument, name: string): WidgetName | (string & {}) {
  const flat = flatOf(doc);
  return defaultWidget(flat.schema.properties[name], flat.uiSchema?.[name] as UiField | undefined);
}

function optionLabel(doc: FormDocument, name: string, value: unknown): string {
  const flat = flatOf(doc);
  const schema = flat.schema.properties[name];
  if (widgetOf(doc, name) === 'yesNo') {
    // The yes/no widget always draws both answers (an enum only limits what validates).
    const o = flat.uiSchema?.[name]?.['ui:options'] ?? {};
    if (value === true) return o.yesLabel ?? 'Yes';
    if (value === false) return o.noLabel ?? 'No';
  }
  const found = schemaOptions(schema, flat.uiSchema?.[name]).find((o) => o.value === value);
  if (!found) throw new Error(`form-filler: ${doc.id}.${name} has no option ${JSON.stringify(value)}`);
  return found.label;
}

/** The single control (or group) of a question, found by its accessible name. */
export function question(page: Page, doc: FormDocument, name: string): Locator {
  const title = titleOf(doc, name);
  const widget = widgetOf(doc, name);
  const f = form(page);
  switch (widget) {
    case 'radio':
    case 'yesNo':
    case 'checkboxes':
    case 'date':
    case 'time':
    case 'datetime':
    case 'scale-0-10':
      return f.getByRole('group', { name: questionName(title) });
    case 'select':
      return f.getByRole('combobox', { name: questionName(title) });
    case 'checkbox':
      return f.getByRole('checkbox', { name: questionName(title) });
    default:
      return f.getByRole('textbox', { name: questionName(title) });
  }
}

/** Answers one question through its widget. Multi-choice: ticks exactly the given options. */
export async function answer(page: Page, doc: FormDocument, name: string, value: unknown): Promise<void> {
  const widget = widgetOf(doc, name);
  if (widget === 'list') {
    // The first item's fields, by their ids (field-<list>.0.<field>).
    const list = structureOf(doc).lists.get(name)!;
    const [first] = value as unknown[];
    if (list.itemKind !== 'object') return page.locator(`[id="field-${name}.0"]`).fill(String(first));
    for (const [f, v] of Object.entries(first as FormData)) {
      await page.locator(`[id="field-${name}.0.${f}"]`).fill(String(v));
      await page.locator(`[id="field-${name}.0.${f}"]`).blur();
    }
    return;
  }
  const q = question(page, doc, name);
  switch (widget) {
    case 'radio':
    case 'yesNo':
      await q.getByRole('radio', { name: optionLabel(doc, name, value), exact: true }).check();
      return;
    case 'checkboxes': {
      const wanted = new Set((value as unknown[]).map((v) => optionLabel(doc, name, v)));
      const flat = flatOf(doc);
      for (const option of schemaOptions(flat.schema.properties[name], flat.uiSchema?.[name])) {
        const box = q.getByRole('checkbox', { name: option.label, exact: true });
        if ((await box.count()) === 0) continue;
        if (wanted.has(option.label)) await box.check();
        else if (await box.isChecked()) await box.uncheck();
      }
      return;
    }
    case 'scale-0-10':
      // The app's 0–10 scale (src/forms/widgets/scale-0-10.tsx): one radio per number, the ends labelled too.
      await q.getByRole('radio', { name: new RegExp(`^${String(value)}(?: |$)`) }).check();
      return;
    case 'checkbox':
      if (value === true) await q.check();
      else await q.uncheck();
      return;
    case 'select':
      await q.selectOption({ label: optionLabel(doc, name, value) });
      return;
    case 'date': {
      const [y, m, d] = String(value).split('-');
      await q.getByLabel('Day', { exact: true }).fill(String(Number(d)));
      await q.getByLabel('Month', { exact: true }).fill(String(Number(m)));
      await q.getByLabel('Year', { exact: true }).fill(String(y));
      return;
    }
    default:
      await q.fill(String(value));
      await q.blur();
  }
}

export async function readJson(page: Page, testId: 'live-data' | 'payload'): Promise<FormData> {
  return JSON.parse((await page.getByTestId(testId).textContent()) ?? '{}') as FormData;
}

/** Is the question drawn and answerable (visible by the rules, not read-only)? */
async function answerable(page: Page, name: string): Promise<boolean> {
  const control = page.locator(`[id="field-${name}"], [id="field-${name}.0"], [id^="field-${name}.0."]`);
  if ((await control.count()) === 0) return false;
  return !(await control.first().isDisabled());
}

/**
 * Answers every visible, unanswered question of the current page with a valid value
 * (`overrides` first), repeating while answers reveal further questions.
 */
export async function fillCurrentPage(
  page: Page,
  doc: FormDocument,
  pageIndex: number,
  overrides: Record<string, unknown> = {},
  today = new Date(),
  /** Where the answers so far are read: the preview's live data, or a flow's own state. */
  readData: () => Promise<FormData> = () => readJson(page, 'live-data'),
): Promise<string[]> {
  const fields = pageFields(doc, pageIndex);
  const answered: string[] = [];
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    for (const name of fields) {
      if (widgetOf(doc, name) === 'display') continue;
      const data = await readData();
      if (hasValue(readPath(data, name))) continue;
      if (!(await answerable(page, name))) continue;
      const value = name in overrides ? overrides[name] : chooseValue(doc, name, data, today);
      await answer(page, doc, name, value);
      answered.push(name);
      changed = true;
    }
    if (!changed) return answered;
  }
  throw new Error(`form-filler: ${doc.id} page ${pageIndex} keeps revealing questions`);
}

export async function pageTitle(page: Page, doc: FormDocument, pageIndex: number): Promise<void> {
  const title = doc.pages[pageIndex]?.title ?? '';
  await form(page).getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
}

/** Presses Next (or Send on the last page). */
export async function pressSubmit(page: Page, doc: FormDocument, pageIndex: number): Promise<void> {
  const last = pageIndex >= doc.pages.length - 1;
  await form(page)
    .getByRole('button', { name: last ? 'Send' : 'Next', exact: true })
    .click();
}

export async function openPreview(page: Page, id: string): Promise<FormDocument> {
  const doc = loadDocument(id);
  await page.goto(`/_preview/${id}`);
  await form(page).locator('form').waitFor();
  await pageTitle(page, doc, 0);
  return doc;
}
