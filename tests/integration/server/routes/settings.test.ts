import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAjv, expectValid, startServer, type Json, type TestServer } from '../../support/helpers';

let server: TestServer;
const ajv = contractAjv();
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.cleanup());

const get = async (url: string) => {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json() as unknown;
};

describe('settings calls (schemas/api/README.md, Settings)', () => {
  it.each([
    ['/api/v1/settings/clinic', 'clinic'],
    ['/api/v1/settings/patient-app', 'patient-app-settings'],
    ['/api/v1/settings/operational-state', 'operational-state'],
    ['/api/v1/settings/admin-forms', 'admin-forms-settings'],
    ['/api/v1/settings/notification-config', 'notification-config'],
    ['/api/v1/settings/shared', 'shared-settings'],
    ['/api/v1/triage/practice-notice/published-enabled', 'practice-notices'],
    ['/api/v1/settings/urgency-by-referral-id', 'urgency-by-referral-id'],
  ])('%s follows %s.schema.json', async (url, schema) => {
    expectValid(ajv, schema, await get(url));
  });

  it('seeds the demo practice as the brief describes', async () => {
    const app = (await get('/api/v1/settings/patient-app')) as Json;
    expect(app.triageMappingSearch).toMatchObject({ mainSearchMinThreshold: 0.5, fuzzyMinThreshold: 0.5, maximumNumberOfPathways: 6, minSearchTermLength: 3 });
    expect(app.flowConfig.ADMIN_REQUEST).toEqual({ enableManualPatientAuth: true, enableNhsLogin: true });
    expect(app.virtualSlotTypeLabel).toBe('Telephone call');
    const labels = (app.emergencyOverrideOptions as Array<{ id: string; label: string }>).map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Patient override for GP', 'By end tomorrow']));
    expect((app.emergencyOverrideOptions as Array<{ id: string }>).map((o) => o.id)).toContain('none_of_the_above');

    const admin = (await get('/api/v1/settings/admin-forms')) as {
      forms: Array<{ type: string; requiresPatientRecord: boolean }>;
      patientEnabledForms: string[];
      customFields: Record<string, string>;
    };
    expect(admin.forms).toHaveLength(10);
    expect(admin.patientEnabledForms).toHaveLength(10);
    const noRecord = admin.forms
      .filter((f) => !f.requiresPatientRecord)
      .map((f) => f.type)
      .sort();
    // Registration is for a new patient, who has no record yet.
    expect(noRecord).toEqual(['OTHER_ENQUIRY', 'PATIENT_REGISTRATION_FORM', 'REFERRAL_ENQUIRY']);
    expect(admin.customFields['minimum-dr-letter-charge']).toBe('25.00');

    const shared = (await get('/api/v1/settings/shared')) as { featureSets: string[]; enableChildRequests: boolean; nhsLogin: { enabled: boolean } };
    expect(shared.featureSets).toEqual(['SMART_TRIAGE', 'SMART_DIRECT_BOOKING', 'PATIENT_DIRECT_BOOKING']);
    expect(shared.enableChildRequests).toBe(true);
    expect(shared.nhsLogin.enabled).toBe(true);

    const notices = (await get('/api/v1/triage/practice-notice/published-enabled')) as Array<{ content: string }>;
    expect(notices).toHaveLength(2);
    expect(notices.some((n) => n.content.includes('<script>'))).toBe(true);
    expect(notices.some((n) => n.content.includes('onerror='))).toBe(true);
  });

  it('answers ai-led for one guideline and for a list', async () => {
    const yes = await get('/api/v1/settings/ai-led?guidelineId=Triage.BackPain&referralId=ref-routine');
    expectValid(ajv, 'ai-led', yes);
    expect(yes).toEqual({ aiLed: true });
    expect(await get('/api/v1/settings/ai-led?guidelineId=unknown')).toEqual({ aiLed: false });
    const many = await get('/api/v1/settings/ai-led-pathways?guidelineIds=Triage.BackPain,unknown,Triage.SoreThroat');
    expectValid(ajv, 'ai-led-pathways', many);
    expect(many).toEqual({ 'Triage.BackPain': true, unknown: false, 'Triage.SoreThroat': true });
  });

  it('refuses ai-led without a guidelineId with a 400 naming it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/settings/ai-led' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'querystring/guidelineId is required' });
  });
});
