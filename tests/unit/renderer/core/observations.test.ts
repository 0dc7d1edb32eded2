// FormData of a questionnaire section ↔ the engine's Observation[]: the app sends with
// toObservations, the server reads back with fromObservations; the one observation-type table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NONE_OF_THE_ABOVE,
  OBSERVATION_TYPES,
  fromObservations,
  observationTypeProblems,
  toObservations,
  widgetForObservationType,
  type FormDocument,
} from '../../../../renderer/core/index';

const root = path.resolve(__dirname, '../../../..');
const headache = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/questionnaires/Triage.FixtureHeadache.json'), 'utf8')) as {
  sections: Array<{ id: string; document: FormDocument }>;
};
const urgent = headache.sections[0]!;
const details = headache.sections[1]!;
const timing = headache.sections[2]!;

describe('observation types table', () => {
  it('maps every type onto one widget (BOOLEAN as yes/no radios, never a lone checkbox)', () => {
    expect(Object.fromEntries(Object.entries(OBSERVATION_TYPES).map(([t, s]) => [t, s.widget]))).toEqual({
      BINARY: 'yesNo',
      BOOLEAN: 'yesNo',
      MULTI_CHOICE: 'checkboxes',
      DROPDOWN: 'select',
      NUMERIC: 'number',
      TEXT: 'textarea',
      DATE: 'date',
      TIME: 'time',
      DATE_TIME: 'datetime',
      DISPLAY: 'display',
      // Photos: no built-in widget draws them, only an app widget that declares the type.
      ATTACHMENT: null,
    });
    expect(widgetForObservationType('NOT_A_TYPE')).toBe('text');
  });

  it('names a missing type, a TEXT over 2000 characters and a DROPDOWN without options', () => {
    expect(observationTypeProblems('a', { type: 'string' }, undefined)).toEqual([
      {
        path: '/schema/properties/a',
        message: '"a" has no x-observationType (one of BINARY, BOOLEAN, MULTI_CHOICE, DROPDOWN, NUMERIC, TEXT, DATE, TIME, DATE_TIME, DISPLAY, ATTACHMENT)',
      },
    ]);
    expect(observationTypeProblems('t', { type: 'string', maxLength: 5000, 'x-observationType': 'TEXT' }, { 'ui:widget': 'textarea' })).toEqual([
      { path: '/schema/properties/t/maxLength', message: 'TEXT needs maxLength of at most 2000 (found 5000)' },
    ]);
    expect(observationTypeProblems('d', { type: 'string', 'x-observationType': 'DROPDOWN' }, { 'ui:widget': 'select' })).toContainEqual({
      path: '/schema/properties/d',
      message: 'DROPDOWN needs its options (oneOf)',
    });
    expect(observationTypeProblems('b', { type: 'boolean', 'x-observationType': 'BOOLEAN' }, { 'ui:widget': 'checkbox' })).toEqual([
      { path: '/uiSchema/b/ui:widget', message: 'BOOLEAN is drawn with widget "yesNo" (found "checkbox")' },
    ]);
  });
});

describe('toObservations / fromObservations', () => {
  it('turns every answer type into observations and back to the same FormData', () => {
    const data = { days: 3, severity: 'severe', vomiting: false, pregnant: true, notes: 'Since Monday' };
    const obs = toObservations(details, data);
    expect(obs).toEqual([
      { observationType: 'NUMERIC', observationRecord: 'details', identifier: 'days', answer: [{ value: 3, unit: 'days' }] },
      { observationType: 'DROPDOWN', observationRecord: 'details', identifier: 'severity', answer: [{ value: 'severe', apiName: 'severe' }] },
      { observationType: 'BINARY', observationRecord: 'details', identifier: 'vomiting', answer: [{ value: false }] },
      { observationType: 'BOOLEAN', observationRecord: 'details', identifier: 'pregnant', answer: [{ value: true }] },
      { observationType: 'TEXT', observationRecord: 'details', identifier: 'notes', answer: [{ value: 'Since Monday' }] },
    ]);
    expect(fromObservations(details, obs)).toEqual({ data, problems: [] });
    const when = { startDate: '2026-01-02', startTime: '09:30', lastTaken: '2026-01-02T10:00' };
    expect(fromObservations(timing, toObservations(timing, when))).toEqual({ data: when, problems: [] });
  });

  it('sends one entry per chosen option and "None of the above" as its own value; display text never', () => {
    expect(toObservations(urgent, { intro: 'ignored', urgentSigns: ['worstEver', 'rashFever'] })).toEqual([
      {
        observationType: 'MULTI_CHOICE',
        observationRecord: 'urgent',
        identifier: 'urgentSigns',
        answer: [
          { value: 'worstEver', apiName: 'worstEver' },
          { value: 'rashFever', apiName: 'rashFever' },
        ],
      },
    ]);
    const none = toObservations(urgent, { urgentSigns: [NONE_OF_THE_ABOVE] });
    expect(none[0]!.answer).toEqual([{ value: NONE_OF_THE_ABOVE, apiName: NONE_OF_THE_ABOVE }]);
    expect(fromObservations(urgent, none).data).toEqual({ urgentSigns: [NONE_OF_THE_ABOVE] });
  });

  it('names the field of an observation that cannot belong to the section', () => {
    const r = fromObservations(details, [
      { observationType: 'TEXT', observationRecord: 'details', identifier: 'nope', answer: [{ value: 'x' }] },
      { observationType: 'TEXT', observationRecord: 'details', identifier: 'days', answer: [{ value: 1 }] },
      { observationType: 'DROPDOWN', observationRecord: 'urgent', identifier: 'severity', answer: [{ value: 'mild' }] },
      { observationType: 'BINARY', observationRecord: 'details', identifier: 'vomiting', answer: [{ value: true }, { value: false }] },
      { observationType: 'TEXT', observationRecord: 'details', identifier: 'notes', answer: [{ value: { evil: 1 } }] },
      { identifier: 'pregnant', answer: [{ value: true }] },
      { identifier: 'pregnant', answer: [{ value: false }] },
      'junk',
    ]);
    expect(r.problems).toEqual([
      { path: 'nope', message: '"nope" is not a question of section "details"' },
      { path: 'days', message: '"days" is a NUMERIC question (found observationType "TEXT")' },
      { path: 'severity', message: '"severity" is answered for section "urgent", not "details"' },
      { path: 'vomiting', message: '"vomiting" takes one answer (found 2)' },
      { path: 'notes', message: 'each answer to "notes" needs a value (a string, number or true/false)' },
      { path: 'pregnant', message: '"pregnant" is answered twice' },
      { path: 'responseData/7', message: 'an observation needs an identifier (the field name)' },
    ]);
    expect(r.data).toEqual({ pregnant: true });
    expect(fromObservations(details, { not: 'a list' }).problems).toEqual([{ path: 'responseData', message: 'responseData must be a list of observations' }]);
  });
});

describe('ATTACHMENT (photos)', () => {
  const section = {
    id: 'photos',
    document: {
      id: 'PHOTOS',
      title: 'Photos',
      pages: [{ title: 'Photos', fields: ['rashPhotos'] }],
      schema: {
        type: 'object',
        properties: {
          rashPhotos: {
            type: 'array',
            title: 'Photos of your rash (optional)',
            maxItems: 5,
            items: { type: 'string', pattern: '^ph_[0-9a-f]{32}$', maxLength: 35 },
            'x-observationType': 'ATTACHMENT',
          },
        },
      },
      uiSchema: { rashPhotos: { 'ui:widget': 'photos' } },
    } as FormDocument,
  };
  const ids = [`ph_${'a'.repeat(32)}`, `ph_${'b'.repeat(32)}`];

  it('sends one entry per photo id and reads them back as the list; no photo sends nothing', () => {
    const sent = toObservations(section, { rashPhotos: ids });
    expect(sent).toEqual([
      { observationType: 'ATTACHMENT', observationRecord: 'photos', identifier: 'rashPhotos', answer: ids.map((value) => ({ value, apiName: value })) },
    ]);
    expect(fromObservations(section, sent)).toEqual({ data: { rashPhotos: ids }, problems: [] });
    expect(toObservations(section, {})).toEqual([]);
  });

  it('is drawn only by an app widget declaring ATTACHMENT, with string items and a maxItems', () => {
    const field = section.document.schema.properties.rashPhotos;
    const declared = { photos: { fits: ['array' as const], observationTypes: ['ATTACHMENT' as const] } };
    expect(observationTypeProblems('rashPhotos', field, { 'ui:widget': 'photos' }, declared)).toEqual([]);
    expect(observationTypeProblems('rashPhotos', field, { 'ui:widget': 'photos' }, { photos: { fits: ['array'] } })).toEqual([
      { path: '/uiSchema/rashPhotos/ui:widget', message: 'ATTACHMENT is drawn only by an app widget that declares it in observationTypes (found "photos")' },
    ]);
    expect(observationTypeProblems('rashPhotos', { ...field, maxItems: undefined }, { 'ui:widget': 'photos' }, declared)).toEqual([
      { path: '/schema/properties/rashPhotos', message: 'ATTACHMENT needs items of type "string" (the photos\' ids) and a maxItems' },
    ]);
  });
});
