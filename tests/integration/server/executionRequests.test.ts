// What the practice sees comes from the engine's record, never the browser's body
// (server/triageClassification.ts), and the inbox sorts by urgency tier (common/tiers.ts).
// Real HTTP against real servers: the request under test is sent with fetch to a listening server;
// the questionnaire is walked over the engine's routes (setup).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_URGENCY } from '../../../server/seed';
import { AMELIA, otherEnquiry, startServer, type Json, type TestServer } from '../support/helpers';
import { BROWSER, ENGINE, finishedExample } from '../support/walker';

const TOKEN = process.env.PRACTICE_API_TOKEN ?? 'record-test-practice-token-0123456789';
const STAFF = { authorization: `Bearer ${TOKEN}` };
const SORE_THROAT = 'Triage.SoreThroat';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startServer({ controls: true, apiToken: TOKEN });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server.cleanup());
afterEach(async () => {
  await fetch(`${base}/api/v1/practice/controls/reset`, { method: 'POST', headers: STAFF });
});

async function postJson(url: string, body: unknown, headers: Record<string, string> = BROWSER) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Json };
}

async function storedRequests(at = base): Promise<Array<Json & { body: Json; tier?: string }>> {
  const res = await fetch(`${at}/api/v1/practice/requests?limit=200`, { headers: STAFF });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<Json & { body: Json; tier?: string }>;
}

/** A lying client's consultation: routine, GREEN, a referral and answers of its own (37 °C), another condition. */
function forged(executionId: string, extra: Json = {}): Json {
  return {
    triageRequest: {
      patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
      triageRequestType: 'CONSULTATION_REQUEST',
      consultation: {
        guidelineId: SORE_THROAT,
        executionId,
        type: 'CONSULTATION_REQUEST',
        channel: 'PAGE',
        conditionLabel: 'Hay fever',
        guidelineName: 'Hay fever',
        referralId: 'ref-routine',
        referralLabel: 'Routine',
        urgency: 'TRoutine',
        urgencyColour: 'GREEN',
        tier: 'ROUTINE',
      },
      guidelineExecution: {
        identifier: executionId,
        recommendations: [{ id: 'x', actions: [{ type: 'Referral', referralId: 'ref-routine', label: 'Routine' }] }],
      },
      responseData: [{ identifier: 'stTemperature', observationType: 'NUMERIC', label: 'What is your temperature?', answer: [{ value: 37, unit: '°C' }] }],
      ...extra,
    },
  };
}

/** Records the safety check's answers (and an override reason) on an execution, as the app does. */
async function recordSafety(at: string, executionId: string, answers: Record<string, boolean>, reason?: string): Promise<void> {
  const entries: Json[] = Object.entries(answers).map(([q, value]) => ({ key: `emergencyQuestion.${q}`, type: 'BOOLEAN', value }));
  if (reason !== undefined) entries.push({ key: 'anEOverrideReason', type: 'STRING', value: reason });
  const res = await postJson(`${at}${ENGINE}/GuidelineExecution/${executionId}/$putCustomData`, entries);
  expect(res.status).toBe(200);
}
const SAFE_TO_WAIT = { drinksFluids: true, breathsNormally: true, passesUrine: true, ableToStandOrWalk: true };

function temperatureOf(responseData: unknown): unknown {
  const item = (responseData as Json[]).find((o) => o.identifier === 'stTemperature');
  return (item?.answer as Json[] | undefined)?.[0]?.value;
}

describe("the practice sees the engine's record, not the body's claims", () => {
  it('a forged body (routine, GREEN, 37 °C, another condition) is stored and shown with the engine’s urgency, tier and answers', async () => {
    const done = await finishedExample(server.app, SORE_THROAT, 'Temperature 39.8');
    const res = await postJson(`${base}/api/v1/triage/patient/consultation`, forged(String(done.identifier)));
    expect(res.status, JSON.stringify(res.json)).toBe(201);

    const [request] = await storedRequests();
    expect(request?.tier).toBe('URGENT_TODAY');
    const triageRequest = request!.body.triageRequest as Json;
    const consultation = triageRequest.consultation as Json;
    expect(consultation).toMatchObject({
      referralId: 'ref-urgent-callback',
      urgency: DEMO_URGENCY['ref-urgent-callback'].urgency,
      urgencyColour: DEMO_URGENCY['ref-urgent-callback'].colour,
      tier: 'URGENT_TODAY',
      conditionLabel: 'Sore throat',
      guidelineId: SORE_THROAT,
    });
    expect(temperatureOf(triageRequest.responseData)).toBe(39.8);
    expect((triageRequest.guidelineExecution as Json).recommendations).toEqual(done.recommendations);
    // The version of the pathway served when it was stored (GET /api/v1/documents/pathways/:id).
    const served = (await server.app.inject({ url: `/api/v1/documents/pathways/${SORE_THROAT}` })).json() as { version: number; hash: string };
    expect(request!.body.documentVersion).toEqual({ id: SORE_THROAT, version: served.version, hash: served.hash });

    const html = await (await fetch(`${base}/practice/inbox`, { headers: STAFF })).text();
    expect(html).toContain('data-colour="RED"');
    expect(html).toContain('Urgent_callback (RED)');
    expect(html).toContain('Urgent: reply today');
    expect(html).toMatch(/<dd>39\.8 °C<\/dd>/);
    expect(html).not.toContain('TRoutine');
    expect(html).not.toContain('Hay fever');
    expect(html).not.toMatch(/<dd>37 °C<\/dd>/);
  });

  it('an emergency override without the recorded safety answers is refused with 422, storing nothing', async () => {
    const done = await finishedExample(server.app, SORE_THROAT, 'ref-emergency: Difficulty breathing');
    const id = String(done.identifier);
    const claimedSafety = {
      emergencyOverrideReason: 'by_end_tomorrow',
      emergencyQuestions: [{ identifier: 'breathsNormally', question: 'Are you breathing normally?', answer: 'Yes' }],
    };
    const refused = await postJson(`${base}/api/v1/triage/patient/consultation`, forged(id, claimedSafety));
    expect(refused.status).toBe(422);
    expect(refused.json.details).toEqual([
      {
        path: '/triageRequest/emergencyOverrideReason',
        message: 'needs the answers to "Are you safe to wait for GP care?" recorded on the guideline execution: an override reason alone is not accepted',
      },
    ]);
    // The answers recorded but another reason: refused too.
    await recordSafety(base, id, SAFE_TO_WAIT, 'already_seen_urgent_care');
    const otherReason = await postJson(`${base}/api/v1/triage/patient/consultation`, forged(id, claimedSafety));
    expect(otherReason.status).toBe(422);
    expect(await storedRequests()).toHaveLength(0);

    // The same reason recorded: accepted as a consultation request, still an emergency tier, with the recorded answers.
    await recordSafety(base, id, { ...SAFE_TO_WAIT, breathsNormally: false }, 'by_end_tomorrow');
    const accepted = await postJson(`${base}/api/v1/triage/patient/consultation`, forged(id, claimedSafety));
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
    const [request] = await storedRequests();
    expect(request?.tier).toBe('CALL_999');
    const triageRequest = request!.body.triageRequest as Json;
    expect(triageRequest.triageRequestType).toBe('CONSULTATION_REQUEST');
    expect(triageRequest.emergencyQuestions).toContainEqual({ identifier: 'breathsNormally', question: 'Are you breathing normally?', answer: 'No' });
    expect((triageRequest.consultation as Json).emergencyOverrideLabel).toBe('By end tomorrow');
  });

  it('a child request carries its tier from the execution too', async () => {
    const done = await finishedExample(server.app, 'Form.U16.Fever', 'Baby 4 months, 39.2');
    const body = forged(String(done.identifier), { triageRequestType: 'CHILD_REQUEST' });
    ((body.triageRequest as Json).consultation as Json).guidelineId = 'Form.U16.Fever';
    const res = await postJson(`${base}/api/v1/triage/patient/consultation`, body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [request] = await storedRequests();
    expect(request?.formType).toBe('CHILD_REQUEST');
    expect(request?.tier).toBe('URGENT_TODAY');
    expect(((request!.body.triageRequest as Json).consultation as Json).urgencyColour).not.toBe('GREEN');
  });

  it('an unverified pair is read from the engine too', async () => {
    const done = await finishedExample(server.app, SORE_THROAT, 'Temperature 39.8');
    const res = await postJson(`${base}/api/v1/triage/patient/unverified/requests`, {
      primaryRequest: forged(String(done.identifier)).triageRequest,
      associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [request] = await storedRequests();
    expect(request?.tier).toBe('URGENT_TODAY');
    expect(((request!.body.primaryRequest as Json).consultation as Json).urgencyColour).toBe('RED');
  });
});

describe('ENGINE_URL: the server reads the execution from the practice’s engine', () => {
  const ENGINE_TOKEN = 'record-test-engine-token-0123456789abcdef';
  let practiceEngine: TestServer;
  let engineAddress: string;
  let front: TestServer;
  let frontBase: string;
  beforeAll(async () => {
    practiceEngine = await startServer({ apiToken: ENGINE_TOKEN });
    engineAddress = await practiceEngine.app.listen({ port: 0, host: '127.0.0.1' });
    front = await startServer({ controls: true, apiToken: TOKEN, engineUrl: engineAddress, engineToken: ENGINE_TOKEN });
    frontBase = await front.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await fetch(`${frontBase}/api/v1/practice/controls/reset`, { method: 'POST', headers: STAFF });
  });
  afterAll(async () => {
    await front.cleanup();
    await practiceEngine.cleanup();
  });

  it('classifies from the external execution read with the practice’s credentials, whatever the body claims', async () => {
    const done = await finishedExample(practiceEngine.app, SORE_THROAT, 'Temperature 39.8');
    // No engine key cookie: the front server reads the execution with its bearer token.
    const res = await postJson(`${frontBase}/api/v1/triage/patient/consultation`, forged(String(done.identifier)), {});
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const [request] = await storedRequests(frontBase);
    expect(request?.tier).toBe('URGENT_TODAY');
    const triageRequest = request!.body.triageRequest as Json;
    expect(triageRequest.consultation).toMatchObject({ referralId: 'ref-urgent-callback', urgency: 'Urgent_callback', urgencyColour: 'RED' });
    expect(temperatureOf(triageRequest.responseData)).toBe(39.8);
  });

  it('an emergency routine-labelled is EMERGENCY_INDICATION; an override needs the safety answers recorded on the external execution', async () => {
    const done = await finishedExample(practiceEngine.app, SORE_THROAT, 'ref-ae: Unable to open your mouth');
    const id = String(done.identifier);
    const refused = await postJson(`${frontBase}/api/v1/triage/patient/consultation`, forged(id, { emergencyOverrideReason: 'by_end_tomorrow' }), {});
    expect(refused.status).toBe(422);
    const plain = await postJson(`${frontBase}/api/v1/triage/patient/consultation`, forged(id), {});
    expect(plain.status).toBe(201);
    // One finished questionnaire backs one request: the override is another patient's questionnaire.
    const other = String((await finishedExample(practiceEngine.app, SORE_THROAT, 'ref-ae: Unable to open your mouth')).identifier);
    await recordSafety(engineAddress, other, SAFE_TO_WAIT, 'by_end_tomorrow');
    const override = await postJson(`${frontBase}/api/v1/triage/patient/consultation`, forged(other, { emergencyOverrideReason: 'by_end_tomorrow' }), {});
    expect(override.status, JSON.stringify(override.json)).toBe(201);
    const requests = await storedRequests(frontBase);
    expect(requests.map((r) => [r.formType, r.tier])).toEqual([
      ['CONSULTATION_REQUEST', 'AE_NOW'],
      ['EMERGENCY_INDICATION', 'AE_NOW'],
    ]);
  });

  it('an execution the engine does not know is 400; no executionId is 400; an unreachable engine is 502', async () => {
    const unknown = await postJson(`${frontBase}/api/v1/triage/patient/consultation`, forged('00000000-0000-4000-8000-000000000000'), {});
    expect(unknown.status).toBe(400);
    const body = forged('x');
    delete ((body.triageRequest as Json).consultation as Json).executionId;
    expect((await postJson(`${frontBase}/api/v1/triage/patient/consultation`, body, {})).status).toBe(400);
    const down = await startServer({ apiToken: TOKEN, engineUrl: 'http://127.0.0.1:9', engineToken: ENGINE_TOKEN });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/v1/triage/patient/consultation',
        payload: forged('00000000-0000-4000-8000-000000000000'),
      });
      expect(res.statusCode).toBe(502);
    } finally {
      await down.cleanup();
    }
    expect(await storedRequests(frontBase)).toHaveLength(0);
  });
});

describe('the inbox sorts by tier: emergency first, then urgent today, then the rest, newest first within each', () => {
  /** Sends one sore-throat consultation for the example, answering its tier. */
  async function send(example: string): Promise<string> {
    const done = await finishedExample(server.app, SORE_THROAT, example);
    const res = await postJson(`${base}/api/v1/triage/patient/consultation`, forged(String(done.identifier)));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return String(res.json.id);
  }
  async function sendAdmin(): Promise<string> {
    const res = await postJson(`${base}/api/v1/triage/patient/admin/request`, otherEnquiry());
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return String(res.json.id);
  }

  it('orders across pages (cursor, Link, X-Total-Count) and shows each tier in plain words', async () => {
    // Sent oldest first, tiers mixed.
    const routine1 = await send('Routine sore throat');
    const urgent1 = await send('Temperature 39.8');
    const ae1 = await send('ref-ae: Unable to open your mouth');
    const admin = await sendAdmin();
    const call999 = await send('ref-emergency: Difficulty breathing');
    const urgent2 = await send('Cannot drink fluids');
    const routine2 = await send('Sore throat for 4 weeks');
    const ae2 = await send('ref-ae: Feeling very unwell');
    const expected = [call999, ae2, ae1, urgent2, urgent1, routine2, admin, routine1];

    const seen: string[] = [];
    let url: string | undefined = `${base}/api/v1/practice/requests?limit=3`;
    let pages = 0;
    while (url) {
      const res: Response = await fetch(url, { headers: STAFF });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('8');
      seen.push(...((await res.json()) as Array<{ id: string }>).map((r) => r.id));
      const link: string | undefined = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
      expect(res.headers.get('x-next-cursor') !== null).toBe(link !== undefined);
      url = link ? `${base}${link}` : undefined;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    // The staff page: the same order over its pages, each request's tier in words.
    const articleIds: string[] = [];
    let page: string | undefined = `${base}/practice/inbox?limit=5`;
    const tiers: string[] = [];
    while (page) {
      const html: string = await (await fetch(page, { headers: STAFF })).text();
      const requestsPart = html.split('<section aria-labelledby="appointments-heading">')[0]!;
      articleIds.push(...[...requestsPart.matchAll(/, id ([0-9a-f-]{36})<\/p>/g)].map((m) => m[1]!));
      tiers.push(
        ...[...requestsPart.matchAll(/<p class="tier" data-tier="([A-Z_0-9]+)">Urgency: <strong class="nhsuk-tag[^"]*">([^<]+)<\/strong>/g)].map(
          (m) => `${m[1]}: ${m[2]}`,
        ),
      );
      const older: string | undefined = /href="(\/practice\/inbox\?cursor=[^"]+)" rel="next">Older requests/.exec(html)?.[1];
      page = older ? `${base}${older}&limit=5` : undefined;
    }
    expect(articleIds).toEqual(expected);
    expect(tiers).toEqual([
      'CALL_999: Call 999 now',
      'AE_NOW: Go to A&amp;E now',
      'AE_NOW: Go to A&amp;E now',
      'URGENT_TODAY: Urgent: reply today',
      'URGENT_TODAY: Urgent: reply today',
      'ROUTINE: Routine: the practice replies within 48 hours (Monday to Friday)',
      'ROUTINE: Routine: the practice replies within 48 hours (Monday to Friday)',
    ]);
  });

  it('refuses a cursor of another list (an appointments cursor) with 400', async () => {
    const res = await fetch(`${base}/api/v1/practice/requests?cursor=${Buffer.from('s12').toString('base64url')}`, { headers: STAFF });
    expect(res.status).toBe(400);
  });
});

describe("an urgent request sent after a valid override carries the patient's own words", () => {
  // A pathway whose free-text question comes before its red flag: the words are typed, then the
  // answers point to A&E (so the "your own words" page is skipped, docs/architecture.md).
  const OWN_WORDS = {
    guidelineId: 'Triage.FixtureOwnWords',
    kind: 'triage',
    identifier: 'Triage.FixtureOwnWords',
    version: '1.0.0',
    label: 'Fixture own words',
    name: 'Fixture own words',
    inboxLabel: 'Fixture own words',
    description: 'Illustrative demo content, not a clinically assured pathway. A test fixture.',
    shortDescription: 'Fixture own words (fixture).',
    suitableFor: 'Tests.',
    notSuitableFor: 'Patients.',
    showEmergencySymptoms: true,
    checkForAppointments: false,
    isAiLedGuideline: false,
    symptoms: [{ label: 'Fixture own words', guid: '00000000-0000-4000-8000-000000000013', synonyms: ['fixture own words'] }],
    disabled: false,
    sections: [
      {
        id: 'words',
        document: {
          id: 'FIXTURE_OWN_WORDS',
          title: 'Your problem',
          pages: [{ title: 'Your problem', fields: ['owDescription'] }],
          schema: {
            type: 'object',
            required: ['owDescription'],
            properties: { owDescription: { type: 'string', title: 'Describe your problem in your own words', maxLength: 2000, 'x-observationType': 'TEXT' } },
            additionalProperties: false,
          },
          uiSchema: { owDescription: { 'ui:widget': 'textarea' } },
        },
      },
      {
        id: 'flag',
        document: {
          id: 'FIXTURE_OWN_WORDS_FLAG',
          title: 'Bleeding',
          pages: [{ title: 'Bleeding', fields: ['owBlood'] }],
          schema: {
            type: 'object',
            required: ['owBlood'],
            properties: { owBlood: { type: 'boolean', title: 'Have you coughed up blood today?', 'x-observationType': 'BINARY' } },
            additionalProperties: false,
          },
          uiSchema: { owBlood: { 'ui:widget': 'yesNo' } },
        },
      },
    ],
    outcomes: [
      {
        id: 'ow-ae',
        when: [{ question: 'owBlood', operator: 'IS', answer: true }],
        recommendation: {
          type: 'Recommendation',
          tier: 'AE_NOW',
          title: 'Go to A&E now',
          evidence: ['Fixture.'],
          actions: [{ type: 'Referral', referralId: 'ref-ae', label: 'A&E' }],
        },
      },
      // The server checks every pathway it loads: the last outcome is a catch-all.
      {
        id: 'ow-routine',
        recommendation: {
          type: 'Recommendation',
          tier: 'ROUTINE',
          title: 'Routine appointment',
          evidence: ['Fixture.'],
          actions: [{ type: 'Referral', referralId: 'ref-routine', label: 'Routine' }],
        },
      },
    ],
  };
  let own: TestServer;
  let ownBase: string;
  let dir: string;
  beforeAll(async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-own-words-'));
    writeFileSync(path.join(dir, 'Triage.FixtureOwnWords.json'), JSON.stringify(OWN_WORDS));
    own = await startServer({ apiToken: TOKEN, questionnairesDirs: [dir] });
    ownBase = await own.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await own.cleanup();
    const { rmSync } = await import('node:fs');
    rmSync(dir, { recursive: true, force: true });
  });

  it('the words typed in the questionnaire and on an earlier own-words page are stored and shown under "In the patient\'s words"', async () => {
    const started = await postJson(`${ownBase}${ENGINE}/Guideline/Triage.FixtureOwnWords/$start`, {
      patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const id = String(started.json.identifier);
    const words = 'I coughed up some blood this morning & I feel <very> tired';
    let answer = await postJson(`${ownBase}${ENGINE}/GuidelineExecution/${id}/$continue`, {
      sectionId: 'words',
      responseData: [{ identifier: 'owDescription', observationType: 'TEXT', observationRecord: 'words', answer: [{ value: words }] }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    answer = await postJson(`${ownBase}${ENGINE}/GuidelineExecution/${id}/$continue`, {
      sectionId: 'flag',
      responseData: [{ identifier: 'owBlood', observationType: 'BINARY', observationRecord: 'flag', answer: [{ value: true }] }],
    });
    expect(answer.json.status).toBe('COMPLETED');
    await recordSafety(ownBase, id, SAFE_TO_WAIT, 'by_end_tomorrow');
    const body = forged(id, {
      emergencyOverrideReason: 'by_end_tomorrow',
      responseData: [],
      patientContext: { patientNeed: { value: 'ADVICE', label: 'I need advice' }, additionalInfo: 'Typed on the own-words page before I changed an answer.' },
    });
    ((body.triageRequest as Json).consultation as Json).guidelineId = 'Triage.FixtureOwnWords';
    const sent = await postJson(`${ownBase}/api/v1/triage/patient/consultation`, body);
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);

    const [request] = await storedRequests(ownBase);
    const triageRequest = request!.body.triageRequest as Json;
    expect(triageRequest.triageRequestType).toBe('CONSULTATION_REQUEST');
    expect(request?.tier).toBe('AE_NOW');
    expect(triageRequest.responseData).toContainEqual(
      expect.objectContaining({
        identifier: 'owDescription',
        observationType: 'TEXT',
        label: 'Describe your problem in your own words',
        answer: [{ value: words }],
      }),
    );
    expect(triageRequest.patientContext).toEqual({
      patientNeed: { value: 'ADVICE', label: 'I need advice' },
      additionalInfo: 'Typed on the own-words page before I changed an answer.',
    });

    const html = await (await fetch(`${ownBase}/practice/inbox`, { headers: STAFF })).text();
    const ownWords = /<h3>In the patient's words<\/h3>\s*<dl class="patient-context">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
    expect(ownWords).toContain('<dt>Describe your problem in your own words</dt><dd>I coughed up some blood this morning &amp; I feel &lt;very&gt; tired</dd>');
    expect(ownWords).toContain('<dd>Typed on the own-words page before I changed an answer.</dd>');
  });
});
