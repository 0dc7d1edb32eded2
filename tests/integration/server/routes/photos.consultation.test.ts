// Photos in a medical request over real HTTP, on the store of this run: the skin rash pathway's
// last section takes the ids of photos this browser uploaded (an ATTACHMENT answer the engine
// records); the consultation sent from the engine's record attaches them, only when they are this
// browser's photos waiting to be sent; staff see them as thumbnails beside the question.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../../../../server/settingsStore.js';
import { ADMIN_URL, AMELIA, otherEnquiry, STAFF_AUTH, startServer, type Json, type TestServer } from '../../support/helpers.js';
import { safeAnswers } from '../../../../server/engine/exampleAnswers.js';
import { AVAILABILITY, slotsOf, SYMPTOM_BOOKING } from '../../support/appointments-helpers.js';
import { answerSection, BROWSER, ENGINE, overHttp, start, walk } from '../../support/walker.js';
import { jpegWithGps, png } from '../../../fixtures/photos/make.js';
import { STORE } from '../../support/postgres.js';

const UPLOAD = '/api/v1/triage/patient/photos';
const CONSULTATION = '/api/v1/triage/patient/consultation';
const PATHWAY = 'Triage.SkinRash';
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startServer({ notifications: { autoStart: false } });
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => server?.cleanup());

/** A browser: the engine's key (the walker's) and the photo key the first upload sets. */
function browser() {
  let photoCookie: string | undefined;
  const cookie = () => [BROWSER.cookie, photoCookie].filter(Boolean).join('; ');
  const call = async (method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, { method, body, headers: { cookie: cookie(), ...headers } });
    const set = response.headers.get('set-cookie');
    if (set?.startsWith('gp_photo_key=')) photoCookie = set.split(';')[0];
    return response;
  };
  const consultationOf = (executionId: string) => ({
    patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    triageRequestType: 'CONSULTATION_REQUEST',
    consultation: { guidelineId: PATHWAY, executionId, type: 'CONSULTATION_REQUEST', channel: 'PAGE' },
    guidelineExecution: { identifier: executionId },
    responseData: [],
  });
  return {
    call,
    upload: async (bytes: Buffer) => {
      const response = await call('POST', `${UPLOAD}?draft=consultation-${Math.random().toString(36).slice(2, 10)}`, new Uint8Array(bytes), {
        'content-type': 'image/jpeg',
      });
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).toBe(201);
      return String(body.id);
    },
    send: (executionId: string) =>
      call('POST', CONSULTATION, JSON.stringify({ triageRequest: consultationOf(executionId) }), { 'content-type': 'application/json' }),
    /** The medical request as the primary of an unverified pair (the patient kept their old contact details). */
    sendUnverified: (executionId: string) =>
      call(
        'POST',
        '/api/v1/triage/patient/unverified/requests',
        JSON.stringify({
          primaryRequest: consultationOf(executionId),
          associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
        }),
        { 'content-type': 'application/json' },
      ),
  };
}

/** The pathway's own routine example (top referral ref-routine). */
const ROUTINE_RASH = {
  rashUrgent: ['NONE_OF_THE_ABOVE'],
  rashDays: 3,
  rashWhere: 'onePatch',
  rashBlistersOneSide: false,
  rashNewMedicine: false,
  rashPregnant: false,
};

/** A finished skin rash questionnaire (the routine example) whose photos question is answered with `photos`. */
async function finished(photos: string[]): Promise<Json> {
  const app = overHttp(base);
  const started = await start(app, PATHWAY, { age: 30, sexAtBirth: 'female' });
  expect(started.statusCode, started.body).toBe(201);
  const done = await walk(app, started.json() as Json, { ...ROUTINE_RASH, ...(photos.length > 0 ? { rashPhotos: photos } : {}) });
  expect(done.status).toBe('COMPLETED');
  return done;
}

describe(`photos sent with a medical request on ${STORE}`, () => {
  it('the pathway records the photo ids; the consultation attaches them; staff read them back without metadata, beside the question', async () => {
    const patient = browser();
    const withGps = await patient.upload(await jpegWithGps(1200, 800));
    const plain = await patient.upload(await png(64, 64));
    const done = await finished([withGps, plain]);
    const observation = (done.responseData as Json[]).find((o) => o.identifier === 'rashPhotos');
    expect(observation).toMatchObject({ observationType: 'ATTACHMENT', observationRecord: 'photos', answer: [{ value: withGps }, { value: plain }] });
    // The top referral is the pathway's own, photos or not.
    const without = await finished([]);
    expect(without.recommendations).toEqual(done.recommendations);

    // Another browser cannot send this browser's photos: the whole request is refused, nothing attached.
    const thief = browser();
    const refused = await thief.send(String(done.identifier));
    expect(refused.status, await refused.clone().text()).toBe(422);
    expect(((await refused.json()) as Json).message).toMatch(/no longer available/);

    const sent = await patient.send(String(done.identifier));
    const request = (await sent.json()) as Json;
    expect(sent.status, JSON.stringify(request)).toBe(201);
    // Sent: the patient's own link to the thumbnail is closed.
    expect((await patient.call('GET', `${UPLOAD}/${withGps}/thumbnail`)).status).toBe(404);

    const listed = (await (await fetch(`${base}/api/v1/practice/requests/${request.id}/photos`, { headers: STAFF_AUTH })).json()) as Json[];
    expect(listed.map((p) => [p.id, p.field])).toEqual([
      [withGps, 'rashPhotos'],
      [plain, 'rashPhotos'],
    ]);
    const full = await fetch(`${base}/api/v1/practice/photos/${withGps}`, { headers: STAFF_AUTH });
    expect(full.status).toBe(200);
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const inbox = await (await fetch(`${base}/practice/inbox`, { headers: STAFF_AUTH })).text();
    expect(inbox).toContain(
      `<dt>Photos of your rash or skin problem (optional)</dt><dd><ul class="app-photo-thumbnails"><li><a href="/api/v1/practice/photos/${withGps}"><img src="/api/v1/practice/photos/${withGps}/thumbnail" alt="Photo 1 of 2: open the full picture" width="160"></a></li>`,
    );
  });

  it('sent as the primary of an unverified pair: attached the same way, thumbnails in the inbox', async () => {
    const patient = browser();
    const photo = await patient.upload(await png(64, 64));
    const done = await finished([photo]);
    expect((await browser().sendUnverified(String(done.identifier))).status).toBe(422);
    const sent = await patient.sendUnverified(String(done.identifier));
    const request = (await sent.json()) as Json;
    expect(sent.status, JSON.stringify(request)).toBe(201);
    const listed = (await (await fetch(`${base}/api/v1/practice/requests/${request.id}/photos`, { headers: STAFF_AUTH })).json()) as Json[];
    expect(listed.map((p) => p.id)).toEqual([photo]);
    const inbox = await (await fetch(`${base}/practice/inbox`, { headers: STAFF_AUTH })).text();
    expect(inbox).toContain(
      `<dt>Photos of your rash or skin problem (optional)</dt><dd><ul class="app-photo-thumbnails"><li><a href="/api/v1/practice/photos/${photo}"><img src="/api/v1/practice/photos/${photo}/thumbnail" alt="Photo 1 of 1: open the full picture" width="160"></a></li></ul></dd>`,
    );
  });

  it('an appointment booked from the questionnaire stores the request with its photos attached', async () => {
    const patient = browser();
    const photo = await patient.upload(await png(64, 64));
    const done = await finished([photo]);
    const later = Date.now() + 3 * 60 * 60_000;
    const availability = (await (await fetch(`${base}${AVAILABILITY}?referralId=ref-routine`)).json()) as Json;
    const free = slotsOf(availability).find((p) => (p.slot.dateTimeInMilliseconds as number) > later);
    expect(free, 'a free routine slot').toBeDefined();
    const booking = {
      triageRequest: {
        triageRequestType: 'CONSULTATION_REQUEST',
        patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
        consultation: { guidelineId: PATHWAY, executionId: done.identifier },
      },
      appointmentSlotId: free!.slot.id,
      availableAppointmentSession: free!.session,
      guidelineFinishedOn: new Date().toISOString(),
    };
    // Another browser's booking cannot take this browser's photo (and books nothing).
    const taken = await browser().call('POST', SYMPTOM_BOOKING, JSON.stringify(booking), { 'content-type': 'application/json' });
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as Json).message).toMatch(/no longer available/);
    const booked = await patient.call('POST', SYMPTOM_BOOKING, JSON.stringify(booking), { 'content-type': 'application/json' });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const requests = (await (await fetch(`${base}/api/v1/practice/requests`, { headers: STAFF_AUTH })).json()) as Json[];
    const stored = requests.find((r) => ((r.body.triageRequest as Json | undefined)?.consultation as Json | undefined)?.executionId === done.identifier);
    expect(stored, 'the booked request').toBeDefined();
    const listed = (await (await fetch(`${base}/api/v1/practice/requests/${stored!.id}/photos`, { headers: STAFF_AUTH })).json()) as Json[];
    expect(listed.map((p) => [p.id, p.field])).toEqual([[photo, 'rashPhotos']]);
  });

  it('a photos answer that is not a photo id is refused by the engine (400 naming the field)', async () => {
    const app = overHttp(base);
    const started = await start(app, PATHWAY, { age: 30, sexAtBirth: 'female' });
    let execution = started.json() as Json;
    while ((execution.section as Json).id !== 'photos') execution = await walkOne(app, execution);
    const response = await fetch(`${base}${ENGINE}/GuidelineExecution/${execution.identifier}/$continue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BROWSER },
      body: JSON.stringify({
        sectionId: 'photos',
        responseData: [{ identifier: 'rashPhotos', observationType: 'ATTACHMENT', observationRecord: 'photos', answer: [{ value: '<img src=x>' }] }],
      }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('rashPhotos');
  });
});

describe(`photos with the admin "other enquiry" on ${STORE}`, () => {
  const sendEnquiry = (patient: ReturnType<typeof browser>, photos: string[]) =>
    patient.call('POST', ADMIN_URL, JSON.stringify(otherEnquiry({ photos })), { 'content-type': 'application/json' });
  const attachedTo = async (requestId: string) =>
    ((await (await fetch(`${base}/api/v1/practice/requests/${requestId}/photos`, { headers: STAFF_AUTH })).json()) as Json[]).map((p) => p.id);

  it('off by default: photos sent with one are not kept with it; on when the practice turns it on (customFields other-enquiry-photos)', async () => {
    const patient = browser();
    const first = await patient.upload(await png(64, 64));
    const off = await sendEnquiry(patient, [first]);
    const offRequest = (await off.json()) as Json;
    expect(off.status, JSON.stringify(offRequest)).toBe(201);
    expect(await attachedTo(String(offRequest.id))).toEqual([]);

    const adminForms = (await getSetting<{ customFields?: Record<string, string> }>(server.store, 'admin-forms')) ?? {};
    await putSetting(server.store, 'admin-forms', { ...adminForms, customFields: { ...adminForms.customFields, 'other-enquiry-photos': 'true' } });
    try {
      const on = await sendEnquiry(patient, [first]);
      const onRequest = (await on.json()) as Json;
      expect(on.status, JSON.stringify(onRequest)).toBe(201);
      expect(await attachedTo(String(onRequest.id))).toEqual([first]);
    } finally {
      await putSetting(server.store, 'admin-forms', adminForms);
    }
  });
});

/** Answers the current section with safe answers; answers the execution that follows. */
async function walkOne(app: ReturnType<typeof overHttp>, execution: Json): Promise<Json> {
  return (await answerSection(app, execution, (doc, attempt) => safeAnswers(doc, new Date(), {}, attempt))).execution;
}
