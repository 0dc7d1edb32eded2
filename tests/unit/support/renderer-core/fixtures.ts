// Fixture documents and answers for validation tests (both validation paths use them).
import type { FormDocument } from '../../../../renderer/core/index';
import { doc } from './helpers';

export const TODAY = new Date(2025, 5, 15); // 15 June 2025

export const general: FormDocument = doc({
  properties: {
    name: { type: 'string', maxLength: 10, pattern: "^[A-Za-z' .-]+$" },
    note: { type: 'string', minLength: 2 },
    email: { type: 'string', format: 'email' },
    phone: { type: 'string', format: 'uk-phone' },
    postcode: { type: 'string', format: 'uk-postcode' },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    weight: { type: 'number', minimum: 0 },
    colour: {
      type: 'string',
      oneOf: [
        { const: 'r', title: 'Red' },
        { const: 'g', title: 'Green' },
      ],
    },
    size: { type: 'string', enum: ['S', 'M'] },
    symptoms: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['Cough', 'Rash', 'Fever', 'NONE_OF_THE_ABOVE'] } },
    agree: { type: 'boolean', enum: [true] },
    when: { type: 'string', format: 'date', 'x-date': { notBefore: 'today', notAfter: 'today+1y' } },
    start: { type: 'string', format: 'date', 'x-date': { notBefore: 'today-1m' } },
    end: { type: 'string', format: 'date', 'x-date': { notBefore: 'field:start' } },
    at: { type: 'string', format: 'time' },
    at12: { type: 'string', format: 'time' },
    stamp: { type: 'string', format: 'date-time' },
    dob: { type: 'string', format: 'date', 'x-age': { min: { param: 'minAge', default: 16 }, max: 90 } },
    year: { type: 'integer', 'x-yearRange': { yearsBack: { param: 'patientAge', default: 30 } } },
  },
  required: ['name', 'count'],
  uiSchema: { at12: { 'ui:options': { hour12: true } } },
  parameters: { minAge: { type: 'integer', description: 'minimum age' }, patientAge: { type: 'integer', description: 'age' } },
});

export const conditional: FormDocument = doc({
  properties: {
    type: { type: 'string', enum: ['Blood', 'Other'] },
    otherType: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    sections: { type: 'array', items: { type: 'string', enum: ['Name', 'Address'] } },
  },
  required: ['type', 'otherType', 'sections'],
  rules: {
    otherType: { enableWhen: [{ question: 'type', operator: 'EQ', answer: 'Other' }] },
    first: { enableWhen: [{ question: 'sections', operator: 'CONTAINS', answer: 'Name' }] },
    last: { enableWhen: [{ question: 'sections', operator: 'CONTAINS', answer: 'Name' }] },
  },
  constraints: [
    {
      id: 'atLeastOneName',
      kind: 'atLeastOne',
      fields: ['first', 'last'],
      message: 'Please provide input for at least one of marked inputs',
      when: [{ question: 'sections', operator: 'CONTAINS', answer: 'Name' }],
    },
  ],
  pages: [
    { title: 'One', fields: ['type', 'otherType'] },
    { title: 'Two', fields: ['sections', 'first', 'last'] },
  ],
});

/** Answers that exercise every check of `general` and `conditional`, plus garbage. */
export const DATA_SETS: Array<Record<string, unknown>> = [
  {},
  { name: '  ', count: '3x', email: 'not-an-email', phone: '123', postcode: 'XX1', colour: 'b', size: 'L', symptoms: ['Cough', 'Rash', 'Fever'] },
  { name: 'Ann Smith-Jones the third', count: 9, weight: -1, note: 'a', symptoms: ['Nope'], agree: false, when: '2025-02-30', at: '25:00', at12: '13:00' },
  { name: 'A1', count: 0, when: '2025-06-14', start: '2025-05-01', end: '2025-04-30', at: '10:60', stamp: '2025-06-15T25:00', dob: '2025-06-16', year: 1990 },
  {
    name: 'Ann',
    count: 3,
    when: '2026-06-16',
    start: '2025-06-01',
    end: '2025-06-02',
    at: ':',
    at12: '09:30',
    stamp: '2025-06-15T10:00',
    dob: '1900-01-01',
    year: 2026,
  },
  {
    name: "O'Neil",
    count: 5,
    dob: '2015-01-01',
    year: '1999',
    weight: 'heavy',
    symptoms: [],
    colour: 'g',
    email: 'a@example.co.uk',
    phone: '07911 123456',
    postcode: 'sw1a 1aa',
  },
  { name: 'Bo', count: 1, dob: '1930-01-01', year: 2000, when: '2025-13-40', at: '2025--1', agree: true },
  { type: 'Other', otherType: '   ', sections: ['Name'] },
  { type: 'Blood', otherType: 'stale', sections: ['Address'], first: 'x' },
  { type: 'Other', sections: ['Name', 'Address'], last: 'Smith', extra: 1 },
  { type: 42, sections: 'Name', first: ['a'], last: { a: 1 } },
];
