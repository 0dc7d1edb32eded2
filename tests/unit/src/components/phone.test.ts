// Phone numbers are shown back in national format (libphonenumber-js).
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBundledForms } from '../../support/app/bundledForms';
import { nationalPhone } from '../../../../src/components/phone';
import { makeReceipt, replyLine } from '../../../../src/flows/admin/receipt';

const PATIENT = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP' };

beforeEach(() => serveBundledForms());

describe('phone numbers in national format', () => {
  it('formats a UK number however it was typed; leaves anything else as given', () => {
    expect(nationalPhone('+447912345678')).toBe('07912 345678');
    expect(nationalPhone('07912345678')).toBe('07912 345678');
    expect(nationalPhone(' 0113 4960000 ')).toBe('0113 496 0000');
    expect(nationalPhone('+33 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
    expect(nationalPhone('call reception')).toBe('call reception');
  });

  it('the admin receipt says the reply phone and phone answers in national format', async () => {
    expect(replyLine({ ...PATIENT, contactDetails: { preferredContact: { type: 'OWN_NUMBER', phoneNumber: '+447912345678' } } })).toBe(
      'The practice will reply by phone on 07912 345678.',
    );
    const receipt = await makeReceipt(
      { id: 'abcdef12-0000', status: 'NEW', receivedAt: '2026-03-10T10:00:00.000Z' },
      {
        formType: 'CHANGE_OF_PERSONAL_DETAILS',
        triageRequestType: 'CHANGE_OF_PERSONAL_DETAILS',
        submittedDate: '2026-03-10T10:00:00.000Z',
        patient: PATIENT,
        informationToBeUpdated: [{ value: 'Contact', label: 'Contact' }],
        newTelephoneNumber: '+447912345678',
      },
      'Change of personal details',
    );
    expect(receipt.summary).toEqual(
      expect.arrayContaining([
        { question: 'Which information do you wish to update?', answer: 'Contact' },
        { question: 'New telephone number', answer: '07912 345678' },
      ]),
    );
  });
});
