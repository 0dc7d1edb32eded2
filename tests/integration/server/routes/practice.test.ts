import { describe, expect, it } from 'vitest';
import { ADMIN_URL, contractAjv, expectValid, otherEnquiry, startServer, type Json, STAFF_AUTH } from '../../support/helpers';

const ajv = contractAjv();

describe('read-back and inbox page', () => {
  it('lists requests newest first and escapes every field on the inbox page', async () => {
    const server = await startServer();
    try {
      await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description: 'First' }) });
      const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
      await server.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry({ description: hostile }) });
      const list = (await server.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<{ body: { description: string } }>;
      expect(list.map((r) => r.body.description)).toEqual([hostile, 'First']);

      const page = await server.app.inject({ url: '/practice/inbox', headers: STAFF_AUTH });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(page.body).not.toContain('<script');
      expect(page.body).not.toContain('<img');
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).toContain('onerror=&quot;alert(2)&quot;');
      expect(page.body).toContain('<dt>Patient</dt><dd>Amelia Testwell</dd>');
      expect(page.body).not.toMatch(/ style=/);
      expect(page.body.indexOf('alert(1)')).toBeLessThan(page.body.indexOf('First'));
    } finally {
      await server.cleanup();
    }
  });
});

describe('controls', () => {
  it('are 404 when the server starts without them', async () => {
    const server = await startServer();
    try {
      for (const url of ['/api/v1/practice/controls', '/api/v1/practice/controls/reset']) {
        const response = await server.app.inject({ method: 'POST', url, headers: STAFF_AUTH, payload: {} });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await server.cleanup();
    }
  });

  it('switch the settings the app reads, and reset puts back the seed and empties the inbox', async () => {
    const server = await startServer({ controls: true });
    try {
      const inject = server.app.inject.bind(server.app);
      const answer = await inject({
        method: 'POST',
        url: '/api/v1/practice/controls',
        headers: STAFF_AUTH,
        payload: {
          operationalState: { medical: { practiceCalendar: 'OUT_OF_HOURS' } },
          featureSets: ['SMART_TRIAGE'],
          smsEnabled: false,
          enableChildRequests: false,
          notices: [{ id: 'n1', title: 'Closed', content: '<p>Closed today</p>' }],
          patientEnabledForms: ['FIT_NOTE'],
          flowConfig: { ADMIN_REQUEST: { enableManualPatientAuth: false, enableNhsLogin: false } },
        },
      });
      expect(answer.statusCode).toBe(200);
      expectValid(ajv, 'practice-controls-state', answer.json());

      const json = async (url: string) => (await inject({ url })).json() as Json;
      expect((await json('/api/v1/settings/operational-state')).medical).toEqual({ operationalStatus: 'SERVICE_ON', practiceCalendar: 'OUT_OF_HOURS' });
      expect((await json('/api/v1/settings/shared')).featureSets).toEqual(['SMART_TRIAGE']);
      expect((await json('/api/v1/settings/shared')).enableChildRequests).toBe(false);
      expect((await json('/api/v1/settings/notification-config')).sms.enabled).toBe(false);
      expect((await json('/api/v1/settings/admin-forms')).patientEnabledForms).toEqual(['FIT_NOTE']);
      expect((await json('/api/v1/settings/patient-app')).flowConfig.ADMIN_REQUEST).toEqual({ enableManualPatientAuth: false, enableNhsLogin: false });
      expect((await json('/api/v1/settings/patient-app')).flowConfig.MEDICAL_REQUEST.enableManualPatientAuth).toBe(true);
      const notices = (await inject({ url: '/api/v1/triage/practice-notice/published-enabled' })).json() as Array<{ id: string }>;
      expect(notices.map((n) => n.id)).toEqual(['n1']);

      await inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry() });
      expect((await inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json()).toHaveLength(1);

      const reset = await inject({ method: 'POST', url: '/api/v1/practice/controls/reset', headers: STAFF_AUTH });
      expect(reset.statusCode).toBe(200);
      expect((await json('/api/v1/settings/shared')).featureSets).toEqual(['SMART_TRIAGE', 'SMART_DIRECT_BOOKING', 'PATIENT_DIRECT_BOOKING']);
      expect((await json('/api/v1/settings/operational-state')).medical.practiceCalendar).toBe('IN_HOURS');
      expect((await inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json()).toHaveLength(0);
    } finally {
      await server.cleanup();
    }
  });

  it('a closed service carries when it reopens; null forgets it; a time that is not a date is refused', async () => {
    const server = await startServer({ controls: true });
    try {
      const inject = server.app.inject.bind(server.app);
      const control = (medical: Json) =>
        inject({ method: 'POST', url: '/api/v1/practice/controls', headers: STAFF_AUTH, payload: { operationalState: { medical } } });
      const state = async () => (await inject({ url: '/api/v1/settings/operational-state' })).json() as Json;
      expect((await control({ practiceCalendar: 'OUT_OF_HOURS', reopensAt: '2026-11-30T08:00:00Z' })).statusCode).toBe(200);
      expect((await state()).medical).toEqual({ operationalStatus: 'SERVICE_ON', practiceCalendar: 'OUT_OF_HOURS', reopensAt: '2026-11-30T08:00:00Z' });
      expectValid(ajv, 'operational-state', await state());
      // Another switch keeps the time; null forgets it.
      expect((await control({ operationalStatus: 'SERVICE_OFF' })).statusCode).toBe(200);
      expect((await state()).medical.reopensAt).toBe('2026-11-30T08:00:00Z');
      expect((await control({ reopensAt: null })).statusCode).toBe(200);
      expect((await state()).medical).toEqual({ operationalStatus: 'SERVICE_OFF', practiceCalendar: 'OUT_OF_HOURS' });
      const refused = await control({ reopensAt: 'Monday morning' });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { message: string }).message).toContain('body/operationalState/medical/reopensAt');
    } finally {
      await server.cleanup();
    }
  });

  it('refuses an unknown switch with 400 naming it', async () => {
    const server = await startServer({ controls: true });
    try {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/practice/controls',
        headers: STAFF_AUTH,
        payload: { operationalState: { admin: { operationalStatus: 'MAYBE' } }, colour: 'red' },
      });
      expect(response.statusCode).toBe(400);
      const message = (response.json() as { message: string }).message;
      expect(message).toContain('body/colour is not allowed');
      expect(message).toContain('body/operationalState/admin/operationalStatus must be one of: SERVICE_ON, SERVICE_OFF');
    } finally {
      await server.cleanup();
    }
  });
});

describe('durability', () => {
  it('keeps requests, idempotency keys and switched settings across a restart on the same data folder', async () => {
    const first = await startServer({ controls: true });
    const created = await first.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry(), headers: { 'idempotency-key': 'restart-key' } });
    expect(created.statusCode).toBe(201);
    await first.app.inject({ method: 'POST', url: '/api/v1/practice/controls', headers: STAFF_AUTH, payload: { smsEnabled: false } });
    await first.close();

    const second = await startServer({ dataDir: first.dataDir });
    try {
      const list = (await second.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json() as Array<{ id: string }>;
      expect(list.map((r) => r.id)).toEqual([(created.json() as { id: string }).id]);
      const retry = await second.app.inject({ method: 'POST', url: ADMIN_URL, payload: otherEnquiry(), headers: { 'idempotency-key': 'restart-key' } });
      expect(retry.json()).toEqual(created.json());
      expect((await second.app.inject({ url: '/api/v1/practice/requests', headers: STAFF_AUTH })).json()).toHaveLength(1);
      expect(((await second.app.inject({ url: '/api/v1/settings/notification-config' })).json() as { sms: { enabled: boolean } }).sms.enabled).toBe(false);
    } finally {
      await second.cleanup();
    }
  });
});

describe('what staff read of an admin request', () => {
  it("shows the form's questions, option labels, Yes/No and dates in words — never raw field names, values or ISO dates", async () => {
    const server = await startServer();
    try {
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const departure = day(30);
      const sent = await server.app.inject({
        method: 'POST',
        url: ADMIN_URL,
        payload: {
          formType: 'TRAVEL_RISK_FORM',
          triageRequestType: 'TRAVEL_RISK_FORM',
          submittedDate: new Date().toISOString(),
          patient: {
            firstName: 'Amelia',
            lastName: 'Testwell',
            dateOfBirth: '1985-04-12',
            sexAtBirth: 'female',
            postCode: 'LS1 4AP',
            contactDetails: { emailAddress: 'amelia.testwell@example.com' },
          },
          departureDate: departure,
          returnDate: day(44),
          tripDescription: 'Two weeks in Kenya',
          hadSeriousReactionToVaccine: false,
          havingInjectionMakesPatientFaint: true,
          closeFamilyMemberHasEpilepsy: false,
          historyOfMentalIllness: false,
          undergoneImmunosuppressiveTreatment: false,
          informedInsuranceOfMedicalCondition: false,
          vaccinationList: ['NONE_OF_THE_ABOVE'],
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const page = (await server.app.inject({ url: '/practice/inbox', headers: STAFF_AUTH })).body;
      const words = (iso: string) =>
        new Date(`${iso}T12:00:00`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).replace(',', '');
      expect(page).toContain('<h2>Admin request · Travel risk form</h2>');
      expect(page).toContain(`<dd>${words(departure)}</dd>`);
      expect(page).toContain('<dt>Date of birth</dt><dd>Friday 12 April 1985</dd>');
      expect(page).toContain('<dd>None of the above</dd>');
      expect(page).toMatch(/<dt>[^<]*faint[^<]*<\/dt><dd>Yes<\/dd>/i);
      // No raw keys or ISO dates in what staff read (the <time datetime> attribute keeps the instant for machines).
      for (const raw of ['departureDate', 'vaccinationList', 'NONE_OF_THE_ABOVE', 'patient.lastName', '>TRAVEL_RISK_FORM', `>${departure}<`, '>1985-04-12<'])
        expect(page).not.toContain(raw);
      const article = page.slice(page.indexOf('<h2>Admin request · Travel risk form'), page.indexOf('</article>', page.indexOf('Travel risk form')));
      expect(article).toContain('Two weeks in Kenya');
      expect(article.replace(/datetime="[^"]*"/g, '')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    } finally {
      await server.cleanup();
    }
  });
});
