// An admin request as the practice reads it in the inbox: each question of the form document
// with the answer in the words the patient saw (option labels, Yes/No, "Monday 30 November
// 2026"), the patient's details in plain words — never raw field names, values or ISO dates.
// Anything the document does not describe (an older document, a field since removed) is still
// shown, by name, so that nothing sent is hidden from staff.
import { format } from 'date-fns';
import { answerWords, compileDocument, dateInWords, questionOf, readPath, type FormDocument } from '../renderer/core/index';
import { ANSWER_FORMATS, nationalPhone } from '../common/index.js';
import { escapeHtml } from './html.js';
import { PHOTOS_WIDGET } from './photos/refs.js';
import { photoThumbnailsHtml } from './photos/html.js';
import { type JsonObject as Json, asObject as obj } from './json.js';

/** The envelope of an admin request (schemas/api/admin-request.schema.json); the rest are the form's fields. */
const ENVELOPE = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest', 'screening', 'documentVersion']);

/** An ISO date-time in words: "Monday 30 November 2026 at 14:05"; anything else as given. */
function dateTimeInWords(iso: string): string {
  const d = new Date(iso);
  return /^\d{4}-\d{2}-\d{2}T/.test(iso) && !Number.isNaN(d.getTime()) ? format(d, "EEEE d MMMM yyyy 'at' HH:mm") : iso;
}

const row = (question: string, answer: string) => `<dt>${escapeHtml(question)}</dt><dd>${escapeHtml(answer)}</dd>`;

/** How deep a stored answer may nest and still be shown (a body stored before the request depth limit may be far deeper). */
const MAX_SHOWN_DEPTH = 12;
const TOO_DEEP = '(nested too deeply to show)';

/** Whether a value nests objects or arrays deeper than `max` levels (walked without recursion). */
function tooDeep(value: unknown, max = MAX_SHOWN_DEPTH): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const v of level) if (v !== null && typeof v === 'object') next.push(...Object.values(v as Record<string, unknown>));
    if (next.length > 0 && depth + 1 > max) return true;
    level = next;
  }
  return false;
}

/** A value the document does not describe, flattened to text. */
function plain(v: unknown): string {
  if (tooDeep(v)) return TOO_DEEP;
  if (Array.isArray(v)) return v.map(plain).join(', ');
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function patientRows(patient: Json): string[] {
  const contact = obj(patient.contactDetails);
  const preferred = obj(contact.preferredContact);
  const rows: string[] = [];
  const name = [patient.firstName, patient.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  if (name) rows.push(row('Patient', name));
  if (typeof patient.dateOfBirth === 'string') rows.push(row('Date of birth', dateInWords(patient.dateOfBirth)));
  if (typeof patient.nhsNumber === 'string') rows.push(row('NHS number', patient.nhsNumber));
  if (typeof patient.postCode === 'string') rows.push(row('Postcode', patient.postCode));
  if (typeof contact.emailAddress === 'string') rows.push(row('Email', contact.emailAddress));
  const phone = preferred.phoneNumber ?? contact.mobilePhoneNumber ?? patient.telephone;
  if (typeof phone === 'string') rows.push(row('Phone', nationalPhone(phone)));
  return rows;
}

/**
 * One answer as a row. A group's answer is a list of its questions and answers; an "add another"
 * list's answer is a numbered list of its items, each item's questions and answers (renderer/README.md,
 * "Groups, lists and reuse"), so the nesting the patient filled in shows.
 */
function answerRow(doc: FormDocument, field: string, value: unknown): string {
  const compiled = compileDocument(doc);
  const { groups, lists } = compiled.structure;
  const words = (d: FormDocument, f: string, v: unknown) => answerWords(d, f, v, { formats: ANSWER_FORMATS });
  const html = (question: string, inner: string) => `<dt>${escapeHtml(question)}</dt><dd>${inner}</dd>`;
  // Photos: thumbnails beside their question, each opening the full picture (staff only, each view recorded).
  if (doc.uiSchema?.[field]?.['ui:widget'] === PHOTOS_WIDGET && Array.isArray(value)) return html(questionOf(doc, field), photoThumbnailsHtml(value));
  if (groups.has(field) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const rows = compiled.structure
      .expand(field)
      .filter((leaf) => readPath(value, leaf.slice(field.length + 1)) !== undefined)
      .map((leaf) => row(questionOf(compiled.flat, leaf), words(compiled.flat, leaf, readPath(value, leaf.slice(field.length + 1)))));
    return html(questionOf(doc, field), `<dl>${rows.join('')}</dl>`);
  }
  const list = lists.get(field);
  if (list && Array.isArray(value)) {
    const item = compileDocument(list.itemDoc);
    const items = value.map((v) => {
      if (list.itemKind !== 'object' || v === null || typeof v !== 'object')
        return `<li>${escapeHtml(list.itemKind === 'object' ? plain(v) : words(list.itemDoc, 'item', v))}</li>`;
      const rows = item.fields.filter((f) => readPath(v, f) !== undefined).map((f) => row(questionOf(item.flat, f), words(item.flat, f, readPath(v, f))));
      return `<li><dl>${rows.join('')}</dl></li>`;
    });
    return html(questionOf(doc, field), `<ol>${items.join('')}</ol>`);
  }
  return row(questionOf(doc, field), words(doc, field, value));
}

/** The form's answers, in the order of the document's pages, then anything it does not describe. */
function answerRows(body: Json, doc: FormDocument | undefined): string[] {
  const order = doc ? doc.pages.flatMap((p) => p.fields) : [];
  const keys = Object.keys(body).filter((k) => !ENVELOPE.has(k) && body[k] !== undefined && body[k] !== null && body[k] !== '');
  const known = order.filter((f) => keys.includes(f));
  const rest = keys.filter((k) => !known.includes(k));
  return [
    ...known.map((f) => (tooDeep(body[f]) ? row(questionOf(doc, f), TOO_DEEP) : answerRow(doc!, f, body[f]))),
    ...rest.map((k) => row(k, plain(body[k]))),
  ];
}

/** The version a request records it was answered on (documentVersion), when it records one. */
export interface AnsweredOn {
  id: string;
  version: number;
  hash: string;
}

export function answeredOn(body: Json): AnsweredOn | undefined {
  const v = obj(body.documentVersion);
  return typeof v.id === 'string' && typeof v.version === 'number' && typeof v.hash === 'string' ? { id: v.id, version: v.version, hash: v.hash } : undefined;
}

/**
 * The inbox's body of one admin request (and of the request sent with it, e.g. a change of contact
 * details). `docOf` answers the document the request was answered on (its recorded version) when
 * the history has it, else the one served now.
 */
export function adminRequestHtml(body: Json, docOf: (formType: string, version?: AnsweredOn) => FormDocument | undefined): string {
  const formType = typeof body.formType === 'string' ? body.formType : '';
  const version = answeredOn(body);
  const doc = docOf(formType, version);
  const rows = [
    ...(doc ? [row('Form', doc.title)] : []),
    ...(version ? [row('Form version', `${version.version}`)] : []),
    ...(typeof body.submittedDate === 'string' ? [row('Sent', dateTimeInWords(body.submittedDate))] : []),
    ...patientRows(obj(body.patient)),
    ...answerRows(body, doc),
  ];
  const associated = obj(body.associatedRequest);
  const also = Object.keys(associated).length > 0 ? `\n<h3>Sent with it</h3>\n${adminRequestHtml(associated, docOf)}` : '';
  return `<dl class="answers">\n${rows.join('\n')}\n</dl>${also}`;
}
