// A pain score is one question wherever it is asked: the same 0 to 10 scale, the same words at its
// two ends and the same way of asking. A patient who met it as eleven radios in one pathway and as
// a number box in another could not tell they were the same question, and one drawn as a box lets
// a patient type a score without seeing what 0 and 10 mean. So every document (schemas:check,
// start, Reload, a configurer's draft) is refused a pain score drawn any other way.
import { isJsonObject as isObject, type JsonObject as Json } from '../json.js';

/** The widget every pain score is drawn with (schemas/widgets.json). */
export const PAIN_SCORE_WIDGET = 'scale-0-10';
/** The words at the scale's two ends, the same in every document. */
export const PAIN_SCORE_ENDS = { minLabel: 'No pain', maxLabel: 'Worst pain you can imagine' } as const;
/**
 * The question's words: "How bad is the pain", what it asks about ("at its worst", "on an average
 * day": lower case words only), then the scale in words.
 */
const PAIN_SCORE_TITLE = /^How bad is the pain(?: [a-z][a-z ]{0,40}[a-z])?, from 0 \(no pain\) to 10 \(the worst pain you can imagine\)\?$/;
const PAIN_SCORE_EXAMPLE_TITLE = 'How bad is the pain at its worst, from 0 (no pain) to 10 (the worst pain you can imagine)?';

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Whether a field is a pain score: a number question about pain on a scale up to 10, or any
 * question about pain drawn with the 0 to 10 scale.
 */
export function isPainScore(field: Json, ui: Json | undefined): boolean {
  const words = `${typeof field.title === 'string' ? field.title : ''} ${typeof field.description === 'string' ? field.description : ''}`;
  if (!/\bpain\b/i.test(words)) return false;
  if (ui?.['ui:widget'] === PAIN_SCORE_WIDGET) return true;
  const numeric = field.type === 'integer' || field.type === 'number';
  return numeric && (field.maximum === 10 || /\b0\b[^?]*\bto 10\b|out of 10/i.test(words));
}

/** Problems of one form document (a form, or a pathway section's document) at `at`. */
function documentProblems(doc: Json, at: string): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  const schema = isObject(doc.schema) ? doc.schema : undefined;
  const properties = schema && isObject(schema.properties) ? schema.properties : undefined;
  if (!properties) return out;
  const uiSchema = isObject(doc.uiSchema) ? doc.uiSchema : {};
  for (const [name, field] of Object.entries(properties)) {
    if (!isObject(field)) continue;
    const ui = isObject(uiSchema[name]) ? uiSchema[name] : undefined;
    if (!isPainScore(field, ui)) continue;
    const fieldAt = `${at}/schema/properties/${escapePointer(name)}`;
    const uiAt = `${at}/uiSchema/${escapePointer(name)}`;
    if (field.type !== 'integer' || field.minimum !== 0 || field.maximum !== 10) {
      out.push({ path: fieldAt, message: `a pain score is a whole number from 0 to 10 ("type": "integer", "minimum": 0, "maximum": 10)` });
    }
    if (typeof field.title !== 'string' || !PAIN_SCORE_TITLE.test(field.title)) {
      out.push({ path: `${fieldAt}/title`, message: `a pain score asks in the same words everywhere, e.g. "${PAIN_SCORE_EXAMPLE_TITLE}"` });
    }
    if (ui?.['ui:widget'] !== PAIN_SCORE_WIDGET) {
      out.push({
        path: `${uiAt}/ui:widget`,
        message: `a pain score is drawn with the "${PAIN_SCORE_WIDGET}" widget in every document (the patient sees the same scale everywhere)`,
      });
    }
    const options = ui && isObject(ui['ui:options']) ? ui['ui:options'] : {};
    if (options.minLabel !== PAIN_SCORE_ENDS.minLabel || options.maxLabel !== PAIN_SCORE_ENDS.maxLabel) {
      out.push({
        path: `${uiAt}/ui:options`,
        message: `a pain score's ends read the same everywhere: "minLabel": "${PAIN_SCORE_ENDS.minLabel}", "maxLabel": "${PAIN_SCORE_ENDS.maxLabel}"`,
      });
    }
  }
  return out;
}

/**
 * Every pain score of a document drawn otherwise than the one way: a form (its schema and
 * uiSchema) or a pathway or shared section (each section's document).
 */
export function painScoreProblems(doc: unknown): Array<{ path: string; message: string }> {
  if (!isObject(doc)) return [];
  const out = documentProblems(doc, '');
  if (Array.isArray(doc.sections)) {
    doc.sections.forEach((section, i) => {
      if (isObject(section) && isObject(section.document)) out.push(...documentProblems(section.document, `/sections/${i}/document`));
    });
  }
  return out;
}
