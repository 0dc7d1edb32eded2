// InformationToBeUpdated is sent and stored as { value, label } entries (the
// product description's shape); a bare value is refused with 400.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, AMELIA, startServer, type Json, type TestServer, STAFF_AUTH } from '../../support/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ controls: true });
});
afterAll(async () => server.cleanup());
afterEach(async () => {
  await server.app.inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF_AUTH });
});

const stored = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<Json>;

function changeOfDetails(informationToBeUpdated: unknown): Record<string, unknown> {
  return {
    formType: 'CHANGE_OF_PERSONAL_DETAILS',
    triageRequestType: 'CHANGE_OF_PERSONAL_DETAILS',
    submittedDate: '2025-10-01T09:30:00.000Z',
    patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    informationToBeUpdated,
    newSurname: "O'Neill",
    newTelephoneNumber: '07912 345678',
    objectionOnTextReminder: false,
  };
}

describe('CHANGE_OF_PERSONAL_DETAILS informationToBeUpdated', () => {
  it('accepts { value, label } entries and stores them with the form document’s labels', async () => {
    const entries = [
      { value: 'Name', label: 'Name' },
      { value: 'Contact', label: 'Contact' },
    ];
    const response = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: changeOfDetails(entries) });
    expect(response.statusCode).toBe(201);
    const list = await stored();
    expect(list).toHaveLength(1);
    expect(list[0]!.body.informationToBeUpdated).toEqual(entries);
    // A phone answer is stored in E.164, as typed otherwise (server/identity.ts).
    expect(list[0]!.body).toMatchObject({ newSurname: "O'Neill", newTelephoneNumber: '+447912345678' });
  });

  it('checks the entries by value: a section not chosen drops its fields, an unknown value is 400', async () => {
    const onlyName = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: changeOfDetails([{ value: 'Name', label: 'Name' }]) });
    expect(onlyName.statusCode).toBe(201);
    const body = (await stored())[0]!.body as Json;
    expect(body.newTelephoneNumber).toBeUndefined();
    expect(body.informationToBeUpdated).toEqual([{ value: 'Name', label: 'Name' }]);

    const unknown = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: changeOfDetails([{ value: 'Passport', label: 'Passport' }]) });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses plain strings (the old shape) with 400 naming the field, storing nothing', async () => {
    const response = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: changeOfDetails(['Name', 'Contact']) });
    expect(response.statusCode).toBe(400);
    const error = response.json() as { message: string; details: Array<{ path: string; message: string }> };
    expect(error.details).toEqual([{ path: '/informationToBeUpdated', message: 'must be { value, label } entries' }]);
    expect(await stored()).toHaveLength(0);
  });
});
