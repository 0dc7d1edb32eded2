// Every form document is valid (meta-schema + checkDocument), carries the spec's messages word
// for word, and validates the same through the precompiled validator and the run-time interpreter.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate, type FieldError, type FormData, type FormDocument, type Parameters } from '../../../renderer/core/index';
import { formDocuments } from '../../../generated/forms/index';
import { hasValidator, schemaCheckFor } from '../../../generated/validators/index';
import { checkFiles, formFiles } from '../../../scripts/schemas-check';
import { ADMIN_FORM_TYPE_VALUES } from '../../../generated/types/api/admin-form-type';
import { SAMPLES, TODAY } from '../support/schemas/samples';
import type { WithFormMenu } from '../../../common';

const root = path.resolve(__dirname, '../../..');
/** Every form document there is: the list comes from schemas/forms, so adding a form changes no test. */
const FORM_IDS = formFiles(root).map((f) => path.basename(f, '.form.json'));
function load(id: string): FormDocument & WithFormMenu {
  return JSON.parse(readFileSync(path.join(root, 'schemas/forms', `${id}.form.json`), 'utf8')) as FormDocument & WithFormMenu;
}

function messages(errors: FieldError[]): Record<string, string> {
  return Object.fromEntries(errors.map((e) => [e.path, e.message]));
}

/** Both validation paths; they must agree before either result is used. */
function validateBoth(doc: FormDocument, data: FormData, params: Parameters = {}): FieldError[] {
  const interpreted = validate(doc, data, { params, today: TODAY });
  if (!hasValidator(doc.id)) throw new Error(`no precompiled validator for ${doc.id}`);
  const precompiled = validate(doc, data, { params, today: TODAY, schemaCheck: schemaCheckFor(doc.id) });
  expect(precompiled).toEqual(interpreted);
  return interpreted;
}

describe('the form documents', () => {
  it('include every admin form type of the contract, one file each named after its id', () => {
    for (const id of FORM_IDS) expect(load(id).id).toBe(id);
    expect(FORM_IDS).toEqual(expect.arrayContaining([...ADMIN_FORM_TYPE_VALUES]));
  });

  it('give every admin form a patient can pick its menu entry (all the contract types but CHANGE_OF_CONTACT_DETAILS), with distinct places', () => {
    const withMenu = FORM_IDS.filter((id) => load(id).menu !== undefined);
    expect(withMenu).toEqual(expect.arrayContaining(ADMIN_FORM_TYPE_VALUES.filter((t) => t !== 'CHANGE_OF_CONTACT_DETAILS')));
    expect(load('CHANGE_OF_CONTACT_DETAILS').menu).toBeUndefined();
    const orders = withMenu.map((id) => load(id).menu!.order);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('all pass the meta-schema and checkDocument', () => {
    const result = checkFiles(formFiles(root), root);
    expect(result.problems).toEqual([]);
    expect(result.checked).toBe(FORM_IDS.length);
  });

  it('are what generated/forms exports (codegen has run since the last edit)', () => {
    for (const id of FORM_IDS) expect(formDocuments[id as keyof typeof formDocuments]).toEqual(load(id));
  });

  it('name run-time inputs as parameters instead of hard-coding them', () => {
    expect(Object.keys(load('DOCTOR_LETTER').parameters ?? {})).toEqual(expect.arrayContaining(['minimumDoctorLetterCharge', 'privateFeesUrl']));
    expect(JSON.stringify(load('DOCTOR_LETTER').pages)).toContain('Charges start at £{minimumDoctorLetterCharge}');
    expect(Object.keys(load('PATIENT_DETAILS').parameters ?? {})).toEqual(['minAge', 'maxAge']);
    expect(Object.keys(load('CONTACT_DETAILS').parameters ?? {})).toEqual(['emailRequired', 'smsEnabled', 'privacyPolicyUrl']);
    expect(load('CHILD_PROXY').parameters?.childAge?.type).toBe('integer');
  });
});

describe.each(Object.entries(SAMPLES))('%s', (id, sample) => {
  const doc = load(id);

  it('accepts a complete, valid answer set', () => {
    expect(messages(validateBoth(doc, sample.valid, sample.params))).toEqual({});
  });

  it("gives the spec's message for each required field when sent empty", () => {
    expect(messages(validateBoth(doc, {}, sample.params))).toEqual(sample.emptyMessages);
  });

  for (const c of sample.cases ?? []) {
    it(`says exactly what is wrong: ${c.name}`, () => {
      const data = { ...sample.valid, ...c.data };
      expect(messages(validateBoth(doc, data, c.params ?? sample.params))).toEqual(c.messages);
    });
  }
});

describe('details of the documents', () => {
  it('TEST_RESULTS shows the timings panel', () => {
    const text = JSON.stringify(load('TEST_RESULTS').pages[0]?.content);
    for (const t of ['Blood test: 5 working days.', 'X-ray: 3-4 weeks.', 'Urine test: 5 working days.', 'Smear test: 3-4 weeks.']) expect(text).toContain(t);
  });

  it('FIT_NOTE shows the yes/no reversed', () => {
    expect(load('FIT_NOTE').uiSchema?.newSicknessAbsence?.['ui:options']?.reversed).toBe(true);
  });

  it('CHANGE_OF_PERSONAL_DETAILS clears a section as soon as it is deselected', () => {
    const rules = load('CHANGE_OF_PERSONAL_DETAILS').rules ?? {};
    for (const f of [
      'newFirstName',
      'newSurname',
      'wishToBeKnown',
      'newAddress',
      'previousAddress',
      'allFamilyMembersMoving',
      'newEmail',
      'newTelephoneNumber',
    ]) {
      expect(rules[f]?.clearWhenHidden, f).toBe(true);
    }
  });

  it('CHANGE_OF_CONTACT_DETAILS makes each objection read-only while its email or phone is empty', () => {
    const rules = load('CHANGE_OF_CONTACT_DETAILS').rules ?? {};
    expect(rules.objectionOnEmailReminder?.disableWhen).toEqual([{ question: 'newEmail', operator: 'DOES_NOT_HAVE_VALUE' }]);
    expect(rules.objectionOnTextReminder?.disableWhen).toEqual([{ question: 'newTelephoneNumber', operator: 'DOES_NOT_HAVE_VALUE' }]);
  });

  it('TRAVEL_RISK_FORM has a year field for each of the 13 vaccines, shown when that vaccine is chosen', () => {
    const doc = load('TRAVEL_RISK_FORM');
    const vaccines = doc.schema.properties.vaccinationList?.items?.oneOf?.map((o) => o.const) ?? [];
    expect(vaccines).toHaveLength(13);
    const yearFields = Object.keys(doc.schema.properties).filter((f) => /^yearOf.*Vaccination$/.test(f));
    expect(yearFields).toHaveLength(13);
    for (const f of yearFields) {
      expect(doc.rules?.[f]?.enableWhen?.[0]).toMatchObject({ question: 'vaccinationList', operator: 'CONTAINS' });
      expect(doc.schema.properties[f]?.['x-yearRange']).toEqual({ yearsBack: { param: 'patientAge', default: 30 } });
    }
    expect(doc.pages.length).toBeGreaterThan(1);
  });
});
