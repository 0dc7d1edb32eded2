// Read-only values are the document's, not the patient's: the server re-checks a submission
// with the same core the browser used, and a read-only field (readOnly with a default, the
// default taken from a parameter, or a const) sent with another value is a 400 naming the field.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMELIA, startServer, type TestServer } from '../support/helpers';

const TOKEN = 'read-only-test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const ADMIN_URL = '/api/v1/triage/patient/admin/request';

const FORM = {
  id: 'SUPPLY_QUESTION',
  title: 'A question about your supply',
  menu: { label: 'A question about your supply', subTitle: 'Ask about the supply we give', requiresPatientRecord: true, order: 95 },
  description: 'A practice form with values the patient sees but cannot change (the read-only integration test).',
  parameters: { supplyLength: { type: 'string', description: 'How long a supply the practice gives', default: '28 days' } },
  pages: [{ title: 'Your question', fields: ['supply', 'formEdition', 'channel', 'question'] }],
  schema: {
    type: 'object',
    required: ['question'],
    properties: {
      supply: { type: 'string', title: 'Supply we give', readOnly: true, default: { param: 'supplyLength' } },
      formEdition: { type: 'string', title: 'Form edition', readOnly: true, default: '2026' },
      channel: { type: 'string', title: 'Sent from', const: 'online' },
      question: { type: 'string', title: 'Your question', maxLength: 200 },
    },
    additionalProperties: false,
  },
  uiSchema: { question: { 'ui:widget': 'textarea' } },
};

const request = (fields: Record<string, unknown>) => ({
  formType: 'SUPPLY_QUESTION',
  triageRequestType: 'SUPPLY_QUESTION',
  submittedDate: '2026-11-01T09:30:00Z',
  patient: AMELIA,
  question: 'Can I have two months?',
  ...fields,
});

describe('read-only values on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-read-only-'));
    mkdirSync(path.join(dataDir, 'practice', 'forms'), { recursive: true });
    writeFileSync(path.join(dataDir, 'practice', 'forms', 'SUPPLY_QUESTION.form.json'), JSON.stringify(FORM, null, 2));
    server = await startServer({ dataDir, apiToken: TOKEN, notifications: { autoStart: false } });
    expect((await server.app.inject({ url: '/api/v1/documents/forms/SUPPLY_QUESTION' })).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => server.cleanup());

  it.each([
    ['supply', { supply: '3 months', formEdition: '2026', channel: 'online' }],
    ['formEdition', { supply: '28 days', formEdition: '2020', channel: 'online' }],
    ['channel', { supply: '28 days', formEdition: '2026', channel: 'post' }],
  ])('a changed %s is a 400 naming the field', async (field, fields) => {
    const refused = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request(fields) });
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { message: string; details?: Array<{ path: string; message: string }> };
    expect(body.details).toEqual([{ path: `/${field}`, message: 'This answer cannot be changed.' }]);
    expect(body.message).toContain(`${field}: This answer cannot be changed.`);
  });

  it('the set values are accepted and stored as sent', async () => {
    const sent = await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: request({ supply: '28 days', formEdition: '2026', channel: 'online' }) });
    expect(sent.statusCode).toBe(201);
    const stored = (await server.app.inject({ url: '/api/v1/practice/requests', headers: AUTH })).json() as Array<{
      formType: string;
      body: Record<string, unknown>;
    }>;
    const mine = stored.find((r) => r.formType === 'SUPPLY_QUESTION');
    expect(mine?.body).toMatchObject({ supply: '28 days', formEdition: '2026', channel: 'online', question: 'Can I have two months?' });
  });
});
