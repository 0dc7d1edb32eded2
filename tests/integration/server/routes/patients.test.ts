import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAjv, expectValid, startServer, type TestServer } from '../../support/helpers';

let server: TestServer;
const ajv = contractAjv();
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.cleanup());

const validate = (body: unknown, url = '/api/v1/triage/nhs/next/validate/patient') =>
  server.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });

const person = (lastName: string, dateOfBirth: string, postCode: string, emailAddress?: string) => ({
  patient: { firstName: 'Demo', lastName, dateOfBirth, postCode, ...(emailAddress ? { contactDetails: { emailAddress } } : {}) },
  flow: 'ADMIN_REQUEST',
});

// The inputs documented in docs/api.md ("The demo practice, demo patients and demo links").
const CASES: Array<[string, ReturnType<typeof person>, string | undefined]> = [
  ['VALIDATED', person('Testwell', '1985-04-12', 'LS1 4AP', 'amelia.testwell@example.com'), undefined],
  ['NOT_VALIDATED', person('Nobody', '1990-01-01', 'LS1 1AA'), undefined],
  ['NO_EMAIL', person('Nomail', '1979-09-30', 'LS2 7EE', 'noah@example.com'), 'RH-E101'],
  ['NO_EMAIL_ON_EPR_AND_REQUEST', person('Nomail', '1979-09-30', 'LS2 7EE'), 'RH-E102'],
  ['INVALID_EMAIL', person('Bademail', '1990-02-14', 'LS3 1AB', 'ivy@example.com'), 'RH-E103'],
  ['INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST', person('Bademail', '1990-02-14', 'LS3 1AB'), 'RH-E104'],
  ['INVALID_STATUS', person('Inactive', '1968-07-21', 'LS4 2HX'), 'RH-E013'],
  ['SERVICE_UNAVAILABLE', person('Outage', '1995-12-05', 'LS5 3JR'), 'RH-E002'],
  ['TEMPORARY_ERROR', person('Timeout', '2000-03-09', 'LS7 4DN'), 'RH-E024'],
  ['UPDATE_CONTACT_REQUESTED', person('Update', '1958-05-17', 'LS8 1PL'), 'RH-E110'],
];

describe('patient validation', () => {
  it.each(CASES)('%s is reachable with the documented inputs', async (status, body, code) => {
    const response = await validate(body);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { status: string; code?: string };
    expectValid(ajv, 'patient-validation-response', answer);
    expect(answer.status).toBe(status);
    expect(answer.code).toBe(code);
  });

  it('matches last name case-insensitively and the postcode without spaces or case', async () => {
    const answer = (await validate(person('TESTWELL', '1985-04-12', 'ls14ap'))).json() as { status: string; validation: Record<string, boolean> };
    expect(answer.status).toBe('VALIDATED');
    expect(answer.validation).toEqual({ hasEmail: true, hasPhone: true, isMatchingEmail: false, isMatchingPhone: false, isUpdateContactRequested: false });
  });

  it('never tells whether a given email or number is the one on record (no oracle for guessed addresses)', async () => {
    const body = {
      patient: {
        ...person('Testwell', '1985-04-12', 'LS1 4AP').patient,
        contactDetails: { emailAddress: 'Amelia.Testwell@example.com', mobilePhoneNumber: '+44 7400 123456' },
      },
    };
    const answer = (await validate(body)).json() as { validation: Record<string, boolean> };
    expect(answer.validation.isMatchingEmail).toBe(false);
    expect(answer.validation.isMatchingPhone).toBe(false);
  });

  it('does not match when the date of birth differs', async () => {
    expect(((await validate(person('Testwell', '1985-04-13', 'LS1 4AP'))).json() as { status: string }).status).toBe('NOT_VALIDATED');
  });

  it('accepts a trailing path segment and the match call', async () => {
    const body = person('Testwell', '1985-04-12', 'LS1 4AP');
    expect(((await validate(body, '/api/v1/triage/nhs/next/validate/patient/ADMIN_REQUEST')).json() as { status: string }).status).toBe('VALIDATED');
    expect(((await validate(body, '/api/v1/triage/nhs/match/patient')).json() as { status: string }).status).toBe('VALIDATED');
  });

  it.each([
    ['a missing field', { patient: { firstName: 'A', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP' } }, 'body/patient/lastName is required'],
    ['a wrong type', { patient: { ...person('Testwell', '1985-04-12', 'LS1 4AP').patient, firstName: 42 } }, 'body/patient/firstName must be string'],
    [
      'a bad date',
      { patient: { ...person('Testwell', '1985-04-12', 'LS1 4AP').patient, dateOfBirth: '12/04/1985' } },
      'body/patient/dateOfBirth must match format "date"',
    ],
    ['an unknown flow', { ...person('Testwell', '1985-04-12', 'LS1 4AP'), flow: 'NOPE' }, 'body/flow must be one of:'],
    ['an unknown property', { patient: { ...person('Testwell', '1985-04-12', 'LS1 4AP').patient, shoeSize: 9 } }, 'body/patient/shoeSize is not allowed'],
    ['no patient', {}, 'body/patient is required'],
  ])('refuses %s with a 400 naming the field', async (_name, body, message) => {
    const response = await validate(body);
    expect(response.statusCode).toBe(400);
    const error = response.json() as { message: string; details: Array<{ path: string }> };
    expectValid(ajv, 'error', error);
    expect(error.message).toContain(message);
    expect(error.details.length).toBeGreaterThan(0);
  });
});
