import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/api/client';
import { ADMIN_FORM_TYPES, needsContactChoice, parameterContext, prepareSend } from '../../../../../src/flows/admin/adminFlow';
import { resolveParameters } from '../../../../../renderer/index';
import DOCTOR_LETTER from '../../../../../generated/forms/DOCTOR_LETTER';
import REPEAT_PRESCRIPTION from '../../../../../generated/forms/REPEAT_PRESCRIPTION';
import REFERRAL_ENQUIRY from '../../../../../generated/forms/REFERRAL_ENQUIRY';
import TRAVEL_RISK_FORM from '../../../../../generated/forms/TRAVEL_RISK_FORM';
import PATIENT_REGISTRATION_FORM from '../../../../../generated/forms/PATIENT_REGISTRATION_FORM';
import { toPatient, type Patient } from '../../../../../src/patient-details/patient';
import { STATUS_MODALS, outcomeOf } from '../../../../../src/patient-details/validationOutcome';
import { SETTINGS_DEFAULTS } from '../../../../../src/settings/defaults';
import type { AllSettings } from '../../../../../src/settings/types';

const PATIENT: Patient = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP' };

function settings(manualAuth: boolean): AllSettings {
  return {
    ...SETTINGS_DEFAULTS,
    patientApp: { ...SETTINGS_DEFAULTS.patientApp, flowConfig: { ADMIN_REQUEST: { enableManualPatientAuth: manualAuth, enableNhsLogin: false } } },
    adminForms: {
      ...SETTINGS_DEFAULTS.adminForms,
      links: {
        privateFees: 'https://p.example/fees',
        selfReferral: 'https://p.example/self',
        sickLeaveRights: 'https://p.example/sick',
        practiceBoundary: 'https://p.example/boundary',
        findAPharmacy: 'https://p.example/pharmacy',
      },
      customFields: { 'minimum-dr-letter-charge': '30.00', 'repeat-prescription-pharmacy-postcode': 'true' },
    },
  } as AllSettings;
}

describe('admin flow', () => {
  it('knows the ten admin forms from the API contract, without the standalone change of contact details', () => {
    expect(ADMIN_FORM_TYPES).toHaveLength(10);
    expect(ADMIN_FORM_TYPES).not.toContain('CHANGE_OF_CONTACT_DETAILS');
    expect(ADMIN_FORM_TYPES).toContain('PATIENT_REGISTRATION_FORM');
  });

  it("registration asks the date of birth once: the form has no date of birth, the request carries the details step's", () => {
    const dates = Object.entries(PATIENT_REGISTRATION_FORM.schema.properties).filter(
      ([k, p]) => /birth/i.test(k) || /birth/i.test(String((p as { title?: string }).title)),
    );
    expect(dates).toEqual([]);
    const { body } = prepareSend('PATIENT_REGISTRATION_FORM', { title: 'Ms', gender: 'Female' }, PATIENT, undefined, new Date('2026-11-21T10:00:00.000Z'));
    expect(body.patient.dateOfBirth).toBe('1985-04-12');
    expect(body).not.toHaveProperty('dateOfBirth');
  });

  it('builds the request body: pruned answers, formType, triageRequestType, submittedDate and the patient', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    const { body, key } = prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, undefined, now);
    expect(body).toEqual({
      description: 'Hi',
      formType: 'OTHER_ENQUIRY',
      triageRequestType: 'OTHER_ENQUIRY',
      submittedDate: now.toISOString(),
      patient: PATIENT,
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries the phone-reply choice (no usable email) as the associated PATIENT_REFUSED_UPDATE_CONTACT, reused on retry', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    const first = prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, undefined, now, true);
    expect(first.body.associatedRequest).toEqual({ formType: 'PATIENT_REFUSED_UPDATE_CONTACT', triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT' });
    expect(prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, first, new Date(), true)).toBe(first);
    expect(prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, undefined, now).body).not.toHaveProperty('associatedRequest');
  });

  it('reuses the first attempt (same key, same submittedDate) when the same answers are sent again', () => {
    const first = prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, undefined, new Date('2026-11-21T10:00:00Z'));
    const retry = prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, first, new Date('2026-11-21T10:05:00Z'));
    expect(retry).toBe(first);
  });

  it('makes a new attempt with a new key when the answers changed after a failure', () => {
    const first = prepareSend('OTHER_ENQUIRY', { description: 'Hi' }, PATIENT, undefined);
    const changed = prepareSend('OTHER_ENQUIRY', { description: 'Hello' }, PATIENT, first);
    expect(changed.key).not.toBe(first.key);
    expect(changed.body.description).toBe('Hello');
  });

  it.each([
    [true, undefined, undefined, true],
    [false, undefined, undefined, false],
    [true, 'a@example.com', undefined, false],
    [true, undefined, { hasEmail: true }, false],
    [true, undefined, { hasEmail: false, isUpdateContactRequested: true }, false],
    [true, undefined, { hasEmail: false, isUpdateContactRequested: false }, true],
  ])('asks before sending (manual auth %s, email %s, record %j) → %s', (manualAuth, email, record, expected) => {
    const patient: Patient = email ? { ...PATIENT, contactDetails: { emailAddress: email } } : PATIENT;
    const validation = record
      ? Object.assign({ hasEmail: false, hasPhone: false, isMatchingEmail: false, isMatchingPhone: false, isUpdateContactRequested: false }, record)
      : undefined;
    expect(needsContactChoice(settings(manualAuth), patient, validation)).toBe(expected);
  });

  it("gives the documents their run-time parameters from the practice settings, along each parameter's source", () => {
    const context = parameterContext(settings(true), { ...PATIENT, age: 41 });
    expect(resolveParameters(DOCTOR_LETTER, context)).toEqual({ minimumDoctorLetterCharge: '30.00', privateFeesUrl: 'https://p.example/fees' });
    expect(resolveParameters(REPEAT_PRESCRIPTION, context)).toEqual({ askPharmacyPostcode: true });
    expect(resolveParameters(REFERRAL_ENQUIRY, context)).toEqual({ selfReferralUrl: 'https://p.example/self' });
    expect(resolveParameters(TRAVEL_RISK_FORM, context)).toEqual({ patientAge: 41 });
  });
});

describe('patient details', () => {
  it('maps the details and contact answers onto the Patient entity', () => {
    const patient = toPatient(
      { firstName: ' Amelia ', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP' },
      { emailAddress: 'a@example.com', phoneNumber: '07400 123456', type: 'HELPING_PERSON', fullName: 'Jo Bloggs', relation: 'Son', reason: 'Hearing' },
    );
    expect(patient).toMatchObject({
      firstName: 'Amelia',
      sexAtBirth: 'female',
      contactDetails: {
        emailAddress: 'a@example.com',
        preferredContact: { type: 'HELPING_PERSON', phoneNumber: '07400 123456', fullName: 'Jo Bloggs', relation: 'Son', reason: 'Hearing' },
      },
    });
    expect(patient.age).toBeGreaterThanOrEqual(40);
    expect(patient.contactDetails).not.toHaveProperty('mobilePhoneNumber');
  });

  it('maps a failed check as the product does', () => {
    // No answer at all (network error, deadline): temporary error — "try later" applies.
    expect(outcomeOf({ ok: false, error: new TypeError('Failed to fetch') })).toEqual({ status: 'TEMPORARY_ERROR' });
    expect(outcomeOf({ ok: false, error: new DOMException('timed out', 'TimeoutError') })).toEqual({ status: 'TEMPORARY_ERROR' });
    // The record system's own codes, and 503: unavailable.
    expect(outcomeOf({ ok: false, error: new ApiError(503, 'down', undefined) })).toEqual({ status: 'SERVICE_UNAVAILABLE' });
    expect(outcomeOf({ ok: false, error: new ApiError(502, 'x', { code: 'RH-E002' }) })).toEqual({ status: 'SERVICE_UNAVAILABLE' });
    expect(outcomeOf({ ok: false, error: new ApiError(500, 'x', { code: 'RH-E024' }) })).toEqual({ status: 'TEMPORARY_ERROR' });
    expect(outcomeOf({ ok: false, error: new ApiError(429, 'Too Many Requests', undefined) })).toEqual({ status: 'TEMPORARY_ERROR' });
    expect(outcomeOf({ ok: false, error: new ApiError(504, 'Gateway Timeout', undefined) })).toEqual({ status: 'TEMPORARY_ERROR' });
    // A not-found status: no dialog.
    expect(outcomeOf({ ok: false, error: new ApiError(404, 'Not Found', undefined) })).toEqual({ status: 'UNEXPECTED_ERROR', dialog: false });
    // Any other error answer: the unexpected error, contact the practice (not "try later").
    expect(outcomeOf({ ok: false, error: new ApiError(500, 'boom', undefined) })).toEqual({ status: 'UNEXPECTED_ERROR' });
    expect(outcomeOf({ ok: false, error: new ApiError(400, 'bad', undefined) })).toEqual({ status: 'UNEXPECTED_ERROR' });
    expect(STATUS_MODALS.UNEXPECTED_ERROR.body).toEqual(['An unexpected error has occurred, please contact the practice directly.']);
    expect(outcomeOf({ ok: true, answer: { status: 'NO_EMAIL' } }).status).toBe('NO_EMAIL');
  });

  it("has the product's title for every failing status", () => {
    expect(STATUS_MODALS.INVALID_STATUS.title).toBe('Practice admin needed');
    expect(STATUS_MODALS.INVALID_STATUS.body[0]).toContain('Please call the practice on {phone} so they can help.');
    expect(STATUS_MODALS.SERVICE_UNAVAILABLE.title).toBe('Sorry, there is a problem');
    expect(STATUS_MODALS.TEMPORARY_ERROR.title).toBe('Sorry, there is a problem');
    expect(STATUS_MODALS.NO_EMAIL_ON_EPR_AND_REQUEST.title).toBe('Please provide an email address');
    expect(STATUS_MODALS.INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST.title).toBe('Please enter an email address that works');
    expect(STATUS_MODALS.UPDATE_CONTACT_REQUESTED.title).toBe('Your new contact details are not on your record yet');
    expect(STATUS_MODALS.NOT_VALIDATED.title).toBe('Please check the details you have provided');
  });
});
