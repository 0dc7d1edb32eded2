// A questionnaire section's answers (FormData, as the renderer holds them) ↔ the engine's
// responseData (Observation[]) and back. Pure; the app sends with toObservations, the server
// reads with fromObservations and then prunes and validates the result with renderer/core.
// Shapes: schemas/questionnaires/README.md ("The engine calls").
import type { FormData, FormDocument, ObservationType } from './types';
import { NONE_OF_THE_ABOVE, documentFields } from './fields';
import { OBSERVATION_TYPES, observationTypeOf } from './observationTypes';
import { isPlainObject, own, setOwn } from './text';

export interface ObservationAnswer {
  value: string | number | boolean;
  apiName?: string;
  unit?: string;
}

export interface Observation {
  observationType: ObservationType;
  /** The section id. */
  observationRecord: string;
  /** The field name. */
  identifier: string;
  answer: ObservationAnswer[];
}

/** The section a set of observations belongs to: its id and its one-page form document. */
export interface SectionRef {
  id: string;
  document: FormDocument;
}

export interface ObservationProblem {
  /** The field name (or "responseData/<i>" when the observation names no field of the section). */
  path: string;
  message: string;
}

/**
 * The section's answers as observations, in document order. Fields without an answer (and
 * DISPLAY items) are left out; the caller passes pruned data so hidden answers never go.
 */
export function toObservations(section: SectionRef, data: FormData): Observation[] {
  const props = section.document.schema.properties;
  const out: Observation[] = [];
  for (const field of documentFields(section.document)) {
    const type = observationTypeOf(own(props, field) as never);
    if (!type || !OBSERVATION_TYPES[type].answered) continue;
    const v = own(data, field);
    if (v === undefined || v === null || v === '') continue;
    let answer: ObservationAnswer[];
    if (type === 'MULTI_CHOICE' || type === 'ATTACHMENT') {
      const chosen = (Array.isArray(v) ? v : [v]).filter((x): x is string | number => typeof x === 'string' || typeof x === 'number');
      if (chosen.length === 0) continue;
      answer = chosen.map((x) => ({ value: x, apiName: String(x) }));
    } else if (type === 'DROPDOWN') {
      if (typeof v !== 'string' && typeof v !== 'number') continue;
      answer = [{ value: v, apiName: String(v) }];
    } else if (type === 'NUMERIC') {
      if (typeof v !== 'number') continue;
      const unit = section.document.uiSchema?.[field]?.['ui:options']?.unit;
      answer = [unit ? { value: v, unit } : { value: v }];
    } else {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue;
      answer = [{ value: v }];
    }
    out.push({ observationType: type, observationRecord: section.id, identifier: field, answer });
  }
  return out;
}

/**
 * Observations back to the section's FormData. Anything that cannot belong to the section is
 * a problem naming the field (the server answers 400 with them): an unknown field, another
 * section's record, a wrong observation type, several answers to a one-answer question, or an
 * answer that is not a scalar. The values themselves are checked by validate() afterwards.
 */
export function fromObservations(section: SectionRef, observations: unknown): { data: FormData; problems: ObservationProblem[] } {
  const data: FormData = {};
  const problems: ObservationProblem[] = [];
  if (!Array.isArray(observations)) {
    return { data, problems: [{ path: 'responseData', message: 'responseData must be a list of observations' }] };
  }
  const props = section.document.schema.properties;
  const seen = new Set<string>();
  observations.forEach((o, i) => {
    if (!isPlainObject(o) || typeof o.identifier !== 'string') {
      problems.push({ path: `responseData/${i}`, message: 'an observation needs an identifier (the field name)' });
      return;
    }
    const field = o.identifier;
    const schema = own(props, field);
    const type = observationTypeOf(schema as never);
    if (!type) {
      problems.push({ path: field, message: `"${field}" is not a question of section "${section.id}"` });
      return;
    }
    if (o.observationRecord !== undefined && o.observationRecord !== section.id) {
      problems.push({ path: field, message: `"${field}" is answered for section ${JSON.stringify(o.observationRecord)}, not "${section.id}"` });
      return;
    }
    if (o.observationType !== undefined && o.observationType !== type) {
      problems.push({ path: field, message: `"${field}" is a ${type} question (found observationType ${JSON.stringify(o.observationType)})` });
      return;
    }
    if (!OBSERVATION_TYPES[type].answered) {
      problems.push({ path: field, message: `"${field}" is display text and takes no answer` });
      return;
    }
    if (seen.has(field)) {
      problems.push({ path: field, message: `"${field}" is answered twice` });
      return;
    }
    seen.add(field);
    const answers = Array.isArray(o.answer) ? o.answer : [];
    const values: Array<string | number | boolean> = [];
    for (const a of answers) {
      const v = isPlainObject(a) ? a.value : undefined;
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.push(v);
      else {
        problems.push({ path: field, message: `each answer to "${field}" needs a value (a string, number or true/false)` });
        return;
      }
    }
    if (values.length === 0) return; // unanswered: validate() says "required"
    if (type === 'MULTI_CHOICE') {
      if (values.includes(NONE_OF_THE_ABOVE) && values.length > 1) {
        problems.push({ path: field, message: `"${field}": "None of the above" cannot be chosen with other options` });
        return;
      }
      setOwn(data, field, values);
    } else if (type === 'ATTACHMENT') {
      setOwn(data, field, values);
    } else if (values.length > 1) {
      problems.push({ path: field, message: `"${field}" takes one answer (found ${values.length})` });
    } else {
      setOwn(data, field, values[0]);
    }
  });
  return { data, problems };
}
