import { afterEach, describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../../../../server/settingsStore';
import { ADMIN_URL, AMELIA, startServer, type TestServer, STAFF_AUTH } from '../../support/helpers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

function repeatPrescription(): Record<string, unknown> {
  const today = new Date().toISOString().slice(0, 10);
  return {
    formType: 'REPEAT_PRESCRIPTION',
    triageRequestType: 'REPEAT_PRESCRIPTION',
    submittedDate: new Date().toISOString(),
    patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    medication: [{ name: 'Salbutamol inhaler' }],
    issueDate: today,
    pharmacyPostcode: 'LS1 4AP',
  };
}

async function storedPostcode(s: TestServer): Promise<unknown> {
  const sent = await s.app.inject({ method: 'POST', url: ADMIN_URL, payload: repeatPrescription() });
  expect(sent.statusCode).toBe(201);
  const [stored] = (await s.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<{
    body: Record<string, unknown>;
  }>;
  return stored?.body.pharmacyPostcode;
}

describe('form parameters the server re-checks with', () => {
  it('drops the repeat prescription pharmacy postcode when the practice does not ask for it', async () => {
    server = await startServer();
    expect(await storedPostcode(server)).toBeUndefined();
  });

  it('keeps it when the practice asks for it (the same custom setting the app reads)', async () => {
    server = await startServer();
    const adminForms = (await getSetting<{ customFields?: Record<string, string> }>(server.store, 'admin-forms')) ?? {};
    await putSetting(server.store, 'admin-forms', {
      ...adminForms,
      customFields: { ...adminForms.customFields, 'repeat-prescription-pharmacy-postcode': 'true' },
    });
    expect(await storedPostcode(server)).toBe('LS1 4AP');
  });
});
