// "Safe" answers of a pathway section: what a document's examples leave unanswered is filled
// with these (schemas/questionnaires/README.md, "Examples"), and the tests and the engine
// benchmark answer sections with them. Candidates per observation type, least worrying first;
// `attempt` picks the next candidate when the previous one was refused (x-date bounds…).
import {
  NONE_OF_THE_ABOVE,
  OBSERVATION_TYPES,
  documentFields,
  observationTypeOf,
  schemaOptions,
  type FieldSchema,
  type FormData,
  type FormDocument,
  type UiField,
} from '../../renderer/core/index';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The candidates of one field, in order of preference. */
export function safeCandidates(schema: FieldSchema, ui: UiField | undefined, today: Date): unknown[] {
  const type = observationTypeOf(schema);
  if (!type || !OBSERVATION_TYPES[type].answered) return [];
  const options = schemaOptions(schema, ui).map((o) => o.value);
  switch (type) {
    case 'MULTI_CHOICE':
      return [[NONE_OF_THE_ABOVE], ...options.map((o) => [o])];
    case 'BINARY':
    case 'BOOLEAN':
      return [false, true];
    case 'DROPDOWN':
      return options;
    case 'NUMERIC': {
      const low = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const high = typeof schema.maximum === 'number' ? schema.maximum : low + 10;
      const mid = schema.type === 'integer' ? Math.round((low + high) / 2) : (low + high) / 2;
      return [...new Set([low, mid, high])];
    }
    case 'TEXT':
      return ['Example answer'];
    case 'DATE':
      return [0, -1, -7, 1, 7, -30, 30, -365, 365].map((n) => iso(addDays(today, n)));
    case 'TIME':
      return ui?.['ui:options']?.hour12 ? ['9:00 am', '2:00 pm'] : ['09:00', '14:00'];
    case 'DATE_TIME':
      return [0, -1, 1, -7, 7].map((n) => `${iso(addDays(today, n))}T09:00`);
    default:
      return [];
  }
}

/**
 * Answers for every answerable field of a section: `given` where it names the field, else the
 * safe candidate number `attempt[field]` (default 0, clamped to the last candidate).
 */
export function safeAnswers(doc: FormDocument, today: Date, given: FormData = {}, attempt: Record<string, number> = {}): FormData {
  const out: FormData = {};
  for (const field of documentFields(doc)) {
    if (Object.prototype.hasOwnProperty.call(given, field)) {
      out[field] = given[field];
      continue;
    }
    const candidates = safeCandidates(doc.schema.properties[field]!, doc.uiSchema?.[field], today);
    if (candidates.length === 0) continue;
    out[field] = candidates[Math.min(attempt[field] ?? 0, candidates.length - 1)];
  }
  return out;
}
