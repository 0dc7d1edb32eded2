// The admin receipt shows a date answer in words, as the patient meant it.
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBundledForms } from '../../../support/app/bundledForms';
import { makeReceipt } from '../../../../../src/flows/admin/receipt';

const PATIENT = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP' };

beforeEach(() => serveBundledForms());

describe('the admin receipt', () => {
  it('shows a date answer as "Monday 30 November 2026", not "2026-11-30"', async () => {
    const receipt = await makeReceipt(
      { id: 'abcdef12-0000', status: 'NEW', receivedAt: '2026-11-25T10:00:00.000Z' },
      {
        formType: 'FIT_NOTE',
        triageRequestType: 'FIT_NOTE',
        submittedDate: '2026-11-25T10:00:00.000Z',
        patient: PATIENT,
        startDate: '2026-11-30',
      } as never,
      'Fit note',
    );
    const row = receipt.summary.find((r) => r.answer.includes('2026'));
    expect(row?.answer).toBe('Monday 30 November 2026');
  });

  it('shows "None of the above" and option labels by their words, never NONE_OF_THE_ABOVE', async () => {
    const receipt = await makeReceipt(
      { id: 'abcdef12-0000', status: 'NEW', receivedAt: '2026-11-25T10:00:00.000Z' },
      {
        formType: 'TRAVEL_RISK_FORM',
        triageRequestType: 'TRAVEL_RISK_FORM',
        submittedDate: '2026-11-25T10:00:00.000Z',
        patient: PATIENT,
        vaccinationList: ['NONE_OF_THE_ABOVE'],
        havingInjectionMakesPatientFaint: true,
      } as never,
      'Travel vaccinations',
    );
    expect(receipt.summary.map((r) => r.answer)).toEqual(['None of the above', 'Yes']);
    expect(receipt.summary.every((r) => !/[A-Z]{2,}_[A-Z]/.test(r.question))).toBe(true);
  });
});
