import { describe, expect, it } from 'vitest';
import { enabledForms } from '../../../../src/flows/admin/adminFlow';
import { enabledAdminForms } from '../../../../src/settings/adminForms';
import { SETTINGS_DEFAULTS } from '../../../../src/settings/defaults';
import type { AllSettings } from '../../../../src/settings/types';

const form = (type: string, label = type) => ({ type, label, subTitle: '', requiresPatientRecord: true }) as AllSettings['adminForms']['forms'][number];

describe('enabled admin forms: one rule for the home card and the admin menu', () => {
  it("keeps the forms listed and enabled for patients, a practice's own forms too, in the practice order", () => {
    const adminForms = {
      forms: [
        form('TEST_RESULTS'),
        form('FIT_NOTE'),
        form('DOCTOR_LETTER'),
        form('MEDICAL_RECORDS_REQUEST'),
        form('CHANGE_OF_CONTACT_DETAILS'),
        form('../evil'),
      ],
      patientEnabledForms: ['FIT_NOTE', 'TEST_RESULTS', 'MEDICAL_RECORDS_REQUEST', 'CHANGE_OF_CONTACT_DETAILS', '../evil'],
    } as AllSettings['adminForms'];
    // DOCTOR_LETTER is not enabled; MEDICAL_RECORDS_REQUEST is a practice's own form (the server
    // lists only forms it has a document for, and the app loads every form from the server, issue
    // 30); CHANGE_OF_CONTACT_DETAILS is never picked from the menu; "../evil" is no form id.
    expect(enabledAdminForms(adminForms).map((f) => f.type)).toEqual(['TEST_RESULTS', 'FIT_NOTE', 'MEDICAL_RECORDS_REQUEST']);
  });

  it('is empty when nothing is enabled, or with the defaults of a failed settings call', () => {
    expect(enabledAdminForms({ forms: [form('FIT_NOTE')], patientEnabledForms: [] })).toEqual([]);
    expect(enabledAdminForms(SETTINGS_DEFAULTS.adminForms)).toEqual([]);
  });

  it('the admin menu asks the same function as the home page', () => {
    const settings = {
      ...SETTINGS_DEFAULTS,
      adminForms: { forms: [form('FIT_NOTE'), form('not a form id')], patientEnabledForms: ['FIT_NOTE', 'not a form id'] },
    } as AllSettings;
    expect(enabledForms(settings)).toEqual(enabledAdminForms(settings.adminForms));
    expect(enabledForms(settings).map((f) => f.type)).toEqual(['FIT_NOTE']);
  });
});
