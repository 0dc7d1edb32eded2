// The embedded guideline engine over HTTP (schemas/questionnaires/README.md, "The engine calls"):
// answers follow schemas/api/engine-*.schema.json, restrictions refuse, the re-check prunes and
// names fields, rewinds drop later sections, ended executions refuse (409), the medical service
// off is a 412, a restart keeps every execution, and the proxy reaches only engine paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toObservations, type FormData, type FormDocument } from '../../../../renderer/core/index';
import { getSetting, putSetting } from '../../../../server/settingsStore';
import { contractAjv, expectValid, STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers';
import { BROWSER, BROWSER_KEY, ENGINE, FIXTURES_DIR, dateOfBirthForAge, post, readPathways, start, topReferral } from '../../support/walker';

const ajv = contractAjv();
const HEADACHE = 'Triage.FixtureHeadache';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ questionnairesDirs: [FIXTURES_DIR] });
});
afterAll(async () => server.cleanup());

const exec = (id: string, call = '') => `${ENGINE}/GuidelineExecution/${id}${call ? `/$${call}` : ''}`;

/** $continue on the current (or named) section with the given answers. */
async function answer(app: TestServer['app'], execution: Json, data: FormData, sectionId?: string) {
  const id = sectionId ?? (execution.section as { id: string }).id;
  const doc = sectionId ? sectionDoc(sectionId) : (execution.section.document as FormDocument);
  return post(app, exec(execution.identifier, 'continue'), { sectionId: id, responseData: toObservations({ id, document: doc }, data) });
}

const headache = readPathways(FIXTURES_DIR).find((p) => p.guidelineId === HEADACHE)!;
function sectionDoc(id: string): FormDocument {
  return headache.sections.find((s) => s.id === id)!.document;
}

async function startHeadache(app = server.app, patient = { age: 30, sexAtBirth: 'female' }) {
  const r = await start(app, HEADACHE, patient);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Json;
}

const NONE = { urgentSigns: ['NONE_OF_THE_ABOVE'] };
const DETAILS = { days: 3, severity: 'mild', vomiting: false, pregnant: false, notes: 'Since Monday' };

describe('guidelines', () => {
  it('lists the enabled pathways with their metadata, never sections or outcomes', async () => {
    const r = await server.app.inject({ method: 'GET', url: `${ENGINE}/Guideline?includeReviews=true` });
    expect(r.statusCode).toBe(200);
    const list = r.json() as Json[];
    expectValid(ajv, 'engine-guidelines', list);
    expect(list.map((g) => g.guidelineId)).toEqual(['Triage.FixtureHeadache', 'Triage.FixtureUrinary']);
    expect(list[1]).toMatchObject({ restrictions: { minAge: 16, maxAge: 64, sexAtBirth: 'female' } });
    expect(list[0]).not.toHaveProperty('sections');
    expect((await server.app.inject({ method: 'GET', url: `${ENGINE}/Guideline/${HEADACHE}` })).json()).toEqual(list[0]);
    expect((await server.app.inject({ method: 'GET', url: `${ENGINE}/Guideline/Triage.FixtureDisabled` })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `${ENGINE}/Guideline/Nope` })).statusCode).toBe(404);
  });
});

describe('$start', () => {
  it('answers the first section: requiredData items and what the renderer draws', async () => {
    const e = await startHeadache();
    expectValid(ajv, 'engine-execution', e);
    expect(e).toMatchObject({ guidelineId: HEADACHE, version: '1.0.0', status: 'IN_PROGRESS', recommendations: [], responseData: [] });
    expect(e.section).toMatchObject({ id: 'urgent', number: 1, title: 'Urgent symptoms', parameters: { patientAge: 30, sexAtBirth: 'female' }, answers: {} });
    expect(e.requiredData[1]).toEqual({
      label: 'Do you have any of these?',
      reference: 'urgent/urgentSigns',
      identifier: 'urgentSigns',
      referencedObservation: {
        type: 'MULTI_CHOICE',
        valueType: 'array',
        options: [
          { identifier: 'worstEver', label: 'The worst headache of your life, that came on suddenly' },
          { identifier: 'rashFever', label: 'A rash that does not fade, with a fever' },
          { identifier: 'NONE_OF_THE_ABOVE', label: 'None of the above' },
        ],
      },
    });
    const next = (await answer(server.app, e, NONE)).json() as Json;
    expect(next.requiredData[0]).toEqual({
      label: 'How many days have you had it?',
      reference: 'details/days',
      identifier: 'days',
      referencedObservation: { type: 'NUMERIC', valueType: 'number', inputRange: { low: 0, high: 365 }, unit: 'days' },
    });
  });

  it.each([
    [{ age: 30, sexAtBirth: 'male' }, 'RESTRICTED_BY_SEX'],
    [{ age: 70, sexAtBirth: 'female' }, 'RESTRICTED_BY_AGE'],
    [{ age: 15, sexAtBirth: 'female' }, 'RESTRICTED_BY_AGE'],
  ])('a restricted pathway refuses %j with 422 %s', async (patient, code) => {
    const r = await start(server.app, 'Triage.FixtureUrinary', patient);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code });
    expectValid(ajv, 'error', r.json());
    expect((await start(server.app, 'Triage.FixtureUrinary', { age: 64, sexAtBirth: 'female' })).statusCode).toBe(201);
  });

  it('refuses a disabled pathway, another version, an unknown one and a bad patient', async () => {
    expect((await start(server.app, 'Triage.FixtureDisabled', { age: 30, sexAtBirth: 'male' })).json()).toMatchObject({
      statusCode: 422,
      code: 'NOT_AVAILABLE',
    });
    const v = await post(server.app, `${ENGINE}/Guideline/${HEADACHE}/$start`, {
      patient: { dateOfBirth: '1990-01-01', sexAtBirth: 'male' },
      version: '9.0.0',
    });
    expect(v.json()).toMatchObject({ statusCode: 422, code: 'NOT_AVAILABLE' });
    expect((await start(server.app, 'Triage.Nope', { age: 30, sexAtBirth: 'male' })).statusCode).toBe(404);
    const future = await post(server.app, `${ENGINE}/Guideline/${HEADACHE}/$start`, { patient: { dateOfBirth: '2999-01-01', sexAtBirth: 'male' } });
    expect(future.json()).toMatchObject({ statusCode: 400, details: [{ path: '/patient/dateOfBirth' }] });
    const bad = await post(server.app, `${ENGINE}/Guideline/${HEADACHE}/$start`, { patient: { dateOfBirth: '01/01/1990', sexAtBirth: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body/patient/dateOfBirth');
  });
});

describe('$continue', () => {
  it('re-checks the answers with the renderer: invalid ones are a 400 naming each field', async () => {
    const e = await startHeadache();
    await answer(server.app, e, NONE);
    const r = await answer(server.app, e, { days: 400, severity: 'mild' }, 'details');
    expect(r.statusCode).toBe(400);
    const body = r.json() as Json;
    expectValid(ajv, 'error', body);
    expect(body.details).toEqual([
      { path: '/responseData/days', message: 'Please enter a number between 0 and 365.' },
      { path: '/responseData/vomiting', message: 'Please provide input.' },
      { path: '/responseData/pregnant', message: 'Please provide input.' },
      { path: '/responseData/notes', message: 'Please provide input.' },
    ]);
    const wrongSection = await answer(server.app, e, DETAILS, 'timing');
    expect(wrongSection.json()).toMatchObject({ statusCode: 400, details: [{ path: '/sectionId' }] });
    const both = await post(server.app, exec(e.identifier, 'continue'), {
      sectionId: 'urgent',
      responseData: [
        {
          observationType: 'MULTI_CHOICE',
          observationRecord: 'urgent',
          identifier: 'urgentSigns',
          answer: [{ value: 'NONE_OF_THE_ABOVE' }, { value: 'worstEver' }],
        },
      ],
    });
    expect(both.json()).toMatchObject({
      statusCode: 400,
      details: [{ path: '/responseData/urgentSigns', message: '"urgentSigns": "None of the above" cannot be chosen with other options' }],
    });
  });

  it('drops a hidden answer: the pregnancy question of a male patient is never stored', async () => {
    const e = await startHeadache(server.app, { age: 30, sexAtBirth: 'male' });
    await answer(server.app, e, NONE);
    const done = (await answer(server.app, e, { ...DETAILS, pregnant: true }, 'details')).json() as Json;
    expectValid(ajv, 'engine-execution', done);
    expect(done.status).toBe('COMPLETED');
    expect(done.responseData.map((o: Json) => o.identifier)).toEqual(['urgentSigns', 'days', 'severity', 'vomiting', 'notes']);
    expect(done.recommendations.map((r: Json) => r.id)).toEqual(['routine']);
  });

  it('goes back: answering an earlier section again drops every later answer', async () => {
    const e = await startHeadache();
    await answer(server.app, e, NONE);
    const timing = (await answer(server.app, e, { ...DETAILS, severity: 'severe', vomiting: true }, 'details')).json() as Json;
    expect(timing.section).toMatchObject({ id: 'timing', number: 3 });
    const back = (await answer(server.app, e, { urgentSigns: ['worstEver'] }, 'urgent')).json() as Json;
    expect(back.status).toBe('COMPLETED');
    expect(back.responseData.map((o: Json) => o.identifier)).toEqual(['urgentSigns']);
    expect(topReferral(back)).toBe('ref-ae');
    expect(back.recommendations.map((r: Json) => r.id)).toEqual(['red-flag-thunderclap', 'routine']);
    // And forward again from the results.
    const again = (await answer(server.app, e, NONE, 'urgent')).json() as Json;
    expect(again.section).toMatchObject({ id: 'details', number: 2, answers: {} });
    expect(again.recommendations).toEqual([]);
  });

  it('is a 412 while the medical service is off, and answers nothing was stored', async () => {
    const e = await startHeadache();
    const state = (await getSetting<Json>(server.store, 'operational-state'))!;
    await putSetting(server.store, 'operational-state', { ...state, medical: { ...state.medical, operationalStatus: 'SERVICE_OFF' } });
    try {
      expect((await answer(server.app, e, NONE)).json()).toMatchObject({ statusCode: 412, message: 'Outside normal operating hours' });
      expect((await start(server.app, HEADACHE, { age: 30, sexAtBirth: 'male' })).statusCode).toBe(412);
    } finally {
      await putSetting(server.store, 'operational-state', state);
    }
    const still = (await server.app.inject({ method: 'GET', url: exec(e.identifier), headers: BROWSER })).json() as Json;
    expect(still.section.id).toBe('urgent');
  });
});

describe('ending an execution', () => {
  async function completed() {
    const e = await startHeadache();
    await answer(server.app, e, NONE);
    return (await answer(server.app, e, { ...DETAILS, pregnant: true }, 'details')).json() as Json;
  }

  it('$finish keeps the feedback; afterwards every call but GET and custom data is a 409', async () => {
    const e = await startHeadache();
    expect((await post(server.app, exec(e.identifier, 'finish'), {})).statusCode).toBe(409);
    const done = await completed();
    const unknown = await post(server.app, exec(done.identifier, 'finish'), { acceptedRecommendationIds: ['nope'] });
    expect(unknown.json()).toMatchObject({ statusCode: 400, details: [{ path: '/acceptedRecommendationIds/0' }] });
    const finished = (
      await post(server.app, exec(done.identifier, 'finish'), {
        acceptedRecommendationIds: ['pregnant'],
        rejectedRecommendationIds: ['routine'],
        committedToConsultGp: true,
      })
    ).json() as Json;
    expectValid(ajv, 'engine-execution', finished);
    expect(finished).toMatchObject({
      status: 'FINISHED',
      feedback: { acceptedRecommendationIds: ['pregnant'], rejectedRecommendationIds: ['routine'], committedToConsultGp: true },
    });
    for (const call of ['continue', 'finish', 'stop', 'observations']) {
      const body = call === 'continue' ? { sectionId: 'urgent', responseData: [] } : call === 'observations' ? { type: 'SCORE' } : {};
      const r = await post(server.app, exec(done.identifier, call), call === 'stop' ? undefined : body);
      expect(r.statusCode, call).toBe(409);
    }
    expect((await server.app.inject({ method: 'GET', url: exec(done.identifier), headers: BROWSER })).json()).toMatchObject({ status: 'FINISHED' });
    const put = await post(server.app, exec(done.identifier, 'putCustomData'), [{ key: 'reachedThankYou', type: 'BOOLEAN', value: true }]);
    expect(put.statusCode).toBe(200);
  });

  it('$stop ends an execution mid-questionnaire; further answers are a 409', async () => {
    const e = await startHeadache();
    const stopped = (await post(server.app, exec(e.identifier, 'stop'))).json() as Json;
    expect(stopped).toMatchObject({ status: 'STOPPED', section: null, requiredData: [] });
    expect((await answer(server.app, e, NONE, 'urgent')).statusCode).toBe(409);
    expect((await server.app.inject({ method: 'GET', url: exec('00000000-0000-4000-8000-000000000000'), headers: BROWSER })).statusCode).toBe(404);
  });
});

describe('custom data and observations', () => {
  it('stores typed entries as sent: set, put (upsert), apply, remove, clear', async () => {
    const e = await startHeadache();
    const id = e.identifier as string;
    const finished = { key: 'finishedTriage', type: 'BOOLEAN', value: true };
    const term = { key: 'conditionSearchTerm', type: 'STRING', value: 'tummy ache' };
    const when = { key: 'finishedOn', type: 'DATE_TIME', value: '2026-01-02T10:00:00.000Z' };
    expect((await post(server.app, exec(id, 'setCustomData'), [finished, term])).json().customData).toEqual([finished, term]);
    const upserted = (await post(server.app, exec(id, 'putCustomData'), { customData: [{ ...term, value: 'sick' }, when] })).json() as Json;
    expect(upserted.customData).toEqual([finished, { ...term, value: 'sick' }, when]);
    expect((await post(server.app, exec(id, 'applyCustomData'), [{ ...finished, value: false }])).json().customData[0]).toEqual({ ...finished, value: false });
    expect((await post(server.app, exec(id, 'removeCustomData'), { keys: ['conditionSearchTerm'] })).json().customData.map((x: Json) => x.key)).toEqual([
      'finishedTriage',
      'finishedOn',
    ]);
    expect((await post(server.app, exec(id, 'clearCustomData'))).json().customData).toEqual([]);
    const wrongType = await post(server.app, exec(id, 'putCustomData'), [{ key: 'finishedTriage', type: 'BOOLEAN', value: 'yes' }]);
    expect(wrongType.statusCode).toBe(400);
    const badDate = await post(server.app, exec(id, 'putCustomData'), [{ key: 'finishedOn', type: 'DATE_TIME', value: 'tomorrow' }]);
    expect(badDate.statusCode).toBe(400);
    const started = (
      await post(server.app, `${ENGINE}/Guideline/${HEADACHE}/$start`, {
        patient: { dateOfBirth: dateOfBirthForAge(40), sexAtBirth: 'male' },
        customData: [term],
      })
    ).json() as Json;
    expect(started.customData).toEqual([term]);
  });

  it('$observations SCORE gives the numeric answers', async () => {
    const e = await startHeadache();
    await answer(server.app, e, NONE);
    await answer(server.app, e, DETAILS, 'details');
    const r = await post(server.app, exec(e.identifier, 'observations'), { type: 'SCORE' });
    expectValid(ajv, 'engine-observations', r.json());
    expect(r.json()).toEqual({ observations: [{ identifier: 'days', value: 3, unit: 'days' }] });
    expect((await post(server.app, exec(e.identifier, 'observations'), { type: 'OTHER' })).statusCode).toBe(400);
  });
});

describe('whose execution it is', () => {
  const OTHER = { cookie: `gp_engine_key=${'ab'.repeat(32)}` };

  it('answers only the browser that started it (or practice staff): anyone else, with or without a key, gets the 404 of an unknown id', async () => {
    const e = await startHeadache();
    const id = e.identifier as string;
    const calls: Array<[string, unknown]> = [
      ['', undefined],
      ['continue', { sectionId: 'urgent', responseData: [] }],
      ['putCustomData', [{ key: 'x', type: 'BOOLEAN', value: true }]],
      ['removeCustomData', { keys: ['x'] }],
      ['clearCustomData', undefined],
      ['observations', { type: 'SCORE' }],
      ['finish', {}],
      ['stop', undefined],
    ];
    for (const headers of [OTHER, {}, { cookie: 'gp_engine_key=%ZZ' }, { cookie: `gp_engine_key=${BROWSER_KEY.toUpperCase()}` }]) {
      for (const [call, body] of calls) {
        const r = call === '' ? await server.app.inject({ method: 'GET', url: exec(id), headers }) : await post(server.app, exec(id, call), body, headers);
        expect(r.statusCode, `${call || 'GET'} with ${JSON.stringify(headers)}`).toBe(404);
        expect(r.body).not.toContain('Since Monday');
      }
    }
    // Nothing above changed it: its owner carries on, and staff can read it.
    expect((await server.app.inject({ method: 'GET', url: exec(id), headers: BROWSER })).json()).toEqual(e);
    expect((await answer(server.app, e, NONE)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: exec(id), headers: STAFF_AUTH })).json()).toMatchObject({ identifier: id, status: 'IN_PROGRESS' });
  });

  it('a first $start sets the engine key (HttpOnly, SameSite=Strict); a later one keeps the key it was sent', async () => {
    const fresh = await server.app.inject({
      method: 'POST',
      url: `${ENGINE}/Guideline/${HEADACHE}/$start`,
      payload: { patient: { dateOfBirth: '1990-05-01', sexAtBirth: 'male' } },
    });
    expect(fresh.statusCode).toBe(201);
    const setCookie = String(fresh.headers['set-cookie']);
    expect(setCookie).toMatch(/^gp_engine_key=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict$/);
    const again = await start(server.app, HEADACHE, { age: 30, sexAtBirth: 'female' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('a restart mid-questionnaire', () => {
  it('keeps every execution in the database file: the patient carries on from their section', async () => {
    const first = await startServer({ questionnairesDirs: [FIXTURES_DIR] });
    const e = await startHeadache(first.app);
    await answer(first.app, e, NONE);
    const mid = (await answer(first.app, e, { ...DETAILS, severity: 'severe', vomiting: true }, 'details')).json() as Json;
    expect(mid.section.id).toBe('timing');
    await first.close();

    const second = await startServer({ questionnairesDirs: [FIXTURES_DIR], dataDir: first.dataDir });
    try {
      const reloaded = (await second.app.inject({ method: 'GET', url: exec(e.identifier), headers: BROWSER })).json() as Json;
      expect(reloaded).toEqual(mid);
      const done = (
        await answer(second.app, reloaded, { startDate: new Date().toISOString().slice(0, 10), startTime: '08:30', lastTaken: '2026-01-01T07:00' })
      ).json() as Json;
      expect(done.status).toBe('COMPLETED');
      expect(topReferral(done)).toBe('ref-urgent-callback');
      expect(done.responseData).toHaveLength(1 + 5 + 3);
    } finally {
      await second.close();
      await first.cleanup();
    }
  });
});

describe('the engine proxy', () => {
  const proxied = (target: string) => `/api/v1/engine-proxy?path=${encodeURIComponent(target)}`;

  it('forwards method, body and status to the embedded engine', async () => {
    const started = await server.app.inject({
      method: 'POST',
      url: proxied(`/Guideline/${HEADACHE}/$start`),
      payload: { patient: { dateOfBirth: '1990-05-01', sexAtBirth: 'male' } },
    });
    expect(started.statusCode).toBe(201);
    const e = started.json() as Json;
    expectValid(ajv, 'engine-execution', e);
    // The browser's new engine key comes back through the proxy, and only with it is the execution readable.
    const key = /^gp_engine_key=([0-9a-f]{64});/.exec(String(started.headers['set-cookie']))?.[1];
    expect(key).toBeDefined();
    const cookie = { cookie: `gp_nhs_session=x; gp_engine_key=${key}` };
    expect((await server.app.inject({ method: 'GET', url: proxied(`/GuidelineExecution/${e.identifier}`), headers: cookie })).json()).toEqual(e);
    expect((await server.app.inject({ method: 'GET', url: proxied(`/GuidelineExecution/${e.identifier}`) })).statusCode).toBe(404);
    const refused = await server.app.inject({
      method: 'POST',
      url: proxied('/Guideline/Triage.FixtureUrinary/$start'),
      payload: { patient: { dateOfBirth: '1990-05-01', sexAtBirth: 'male' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'RESTRICTED_BY_SEX' });
    expect((await server.app.inject({ method: 'GET', url: proxied('/Guideline?includeReviews=false') })).json()).toHaveLength(2);
  });

  it.each([
    '/api/v1/settings/clinic',
    '/api/v1/practice/requests',
    'https://evil.example/Guideline',
    '//evil.example/Guideline',
    '/Guideline/../../../api/v1/practice/requests',
    '/Guideline/%2e%2e/%2e%2e/api/v1/practice/requests',
    '/GuidelineX',
    '/Guideline\\..\\settings',
    '/Guideline/a#b',
    '',
  ])('refuses %j with a 400, reaching nothing', async (target) => {
    const r = await server.app.inject({ method: 'GET', url: proxied(target) });
    expect(r.statusCode).toBe(400);
    expectValid(ajv, 'error', r.json());
    expect((r.json() as Json).message).toMatch(/querystring\/path/);
  });

  it('reaches a practice engine at ENGINE_URL, and only its engine paths', async () => {
    const practiceEngine = await startServer({ questionnairesDirs: [FIXTURES_DIR] });
    const address = await practiceEngine.app.listen({ port: 0, host: '127.0.0.1' });
    const front = await startServer({ questionnairesDirs: [], engineUrl: address });
    try {
      // The front server serves no pathway itself: the answer comes from the practice engine.
      expect((await front.app.inject({ method: 'GET', url: `${ENGINE}/Guideline` })).json()).toEqual([]);
      const started = await front.app.inject({
        method: 'POST',
        url: proxied(`/Guideline/${HEADACHE}/$start`),
        payload: { patient: { dateOfBirth: '1990-05-01', sexAtBirth: 'male' } },
        headers: BROWSER,
      });
      expect(started.statusCode).toBe(201);
      const id = (started.json() as Json).identifier as string;
      // The engine key went through the proxy (and no other cookie of the practice's).
      expect((await practiceEngine.app.inject({ method: 'GET', url: exec(id), headers: BROWSER })).statusCode).toBe(200);
      expect((await front.app.inject({ method: 'GET', url: proxied(`/GuidelineExecution/${id}`), headers: BROWSER })).statusCode).toBe(200);
      expect((await front.app.inject({ method: 'GET', url: proxied(`/GuidelineExecution/${id}`) })).statusCode).toBe(404);
      expect((await front.app.inject({ method: 'GET', url: proxied('/GuidelineExecution/00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
      expect((await front.app.inject({ method: 'GET', url: proxied('/../api/v1/settings/clinic') })).statusCode).toBe(400);
    } finally {
      await front.cleanup();
      await practiceEngine.cleanup();
    }
  });
});
