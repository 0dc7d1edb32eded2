// The requests table through server/storedRequests.ts: a body goes in typed by its kind (StoredBodies) and
// comes back the same, in inbox order, page by page. The @ts-expect-error lines are the type
// guarantee: `npx tsc` fails if insertRequest ever accepts another kind's body again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRequest, listRequestsPage, type StoredRequest } from '../../../server/storedRequests.js';
import type { Sql, StoredAdminRequest, StoredConsultation, StoredUnverifiedPair } from '../../../server/store/index.js';
import { STORE, testStore } from '../support/stores.js';

const PATIENT = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1990-04-12', postCode: 'LS1 4AP' };

const ADMIN: StoredAdminRequest = {
  formType: 'SICK_NOTE',
  triageRequestType: 'SICK_NOTE',
  submittedDate: '2026-11-28',
  patient: PATIENT,
  reason: 'Back pain',
  documentVersion: { id: 'SICK_NOTE', version: 1, hash: 'abc' },
};

const CONSULTATION: StoredConsultation = {
  triageRequest: { patient: PATIENT, triageRequestType: 'CONSULTATION_REQUEST', consultation: { tier: 'URGENT_TODAY', guidelineId: 'Triage.SoreThroat' } },
  context: { reasonInInbox: 'NO_APPOINTMENTS' },
};

const EMERGENCY_PAIR: StoredUnverifiedPair = {
  primaryRequest: { patient: PATIENT, triageRequestType: 'EMERGENCY_INDICATION', consultation: { tier: 'ROUTINE' } },
  associatedRequest: { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' },
};

let store: Sql;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const opened = await testStore();
  store = opened.store;
  cleanup = opened.cleanup;
}, 60_000);
afterAll(async () => cleanup?.());

describe(`stored requests, typed by kind (${STORE})`, () => {
  it("refuses another kind's body at compile time", () => {
    // The calls are never run: a function that is not called keeps the store empty for the next test.
    const wrongKinds = async () => {
      // @ts-expect-error an admin request is not a consultation's body
      await insertRequest(store, 'CONSULTATION', 'SICK_NOTE', ADMIN);
      // @ts-expect-error a consultation is not an unverified pair's body
      await insertRequest(store, 'UNVERIFIED_REQUESTS', 'CONSULTATION_REQUEST', CONSULTATION);
    };
    expect(typeof wrongKinds).toBe('function');
  });

  it('reads each body back as stored, with its kind and tier, in inbox order and page by page', async () => {
    const admin = await insertRequest(store, 'ADMIN_REQUEST', ADMIN.formType, ADMIN);
    const consultation = await insertRequest(store, 'CONSULTATION', 'CONSULTATION_REQUEST', CONSULTATION);
    const pair = await insertRequest(store, 'UNVERIFIED_REQUESTS', 'EMERGENCY_INDICATION', EMERGENCY_PAIR);
    expect(consultation.tier).toBe('URGENT_TODAY');

    const first = await listRequestsPage(store, { limit: 2 });
    expect(first.total).toBe(3);
    // An emergency indication ranks with A&E whatever its tier says, then urgent today, then the rest.
    expect(first.items.map((r) => r.id)).toEqual([pair.id, consultation.id]);
    expect(first.next).toBeDefined();
    const second = await listRequestsPage(store, { limit: 2, after: first.next! });
    expect(second.items.map((r) => r.id)).toEqual([admin.id]);
    expect(second.next).toBeUndefined();

    const byId = new Map<string, StoredRequest>([...first.items, ...second.items].map((r) => [r.id, r]));
    const readAdmin = byId.get(admin.id)!;
    expect(readAdmin.kind).toBe('ADMIN_REQUEST');
    expect(readAdmin.formType).toBe('SICK_NOTE');
    expect(readAdmin.tier).toBeUndefined();
    expect(readAdmin.body).toEqual(ADMIN);
    expect(byId.get(consultation.id)!.body).toEqual(CONSULTATION);
    const readPair = byId.get(pair.id)!;
    // The kind narrows the body: an unverified pair's primary request is read without a cast.
    if (readPair.kind !== 'UNVERIFIED_REQUESTS') throw new Error(`expected an unverified pair, got ${readPair.kind}`);
    expect(readPair.body.primaryRequest.triageRequestType).toBe('EMERGENCY_INDICATION');
    expect(readPair.body).toEqual(EMERGENCY_PAIR);
  });
});
