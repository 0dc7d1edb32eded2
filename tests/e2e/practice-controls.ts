// Demo and test switches of the embedded practice API, and staff read-back, for e2e tests. The
// e2e server starts with controls on and bearer access on (see global-setup.ts): every call here
// sends `Authorization: Bearer <PRACTICE_API_TOKEN>`, as every /api/v1/practice/* call needs
// staff credentials. Shapes: schemas/api/practice-controls.schema.json.
import { inject } from 'vitest';
import { baseURL } from './harness';

export interface ServiceStatePatch {
  operationalStatus?: 'SERVICE_ON' | 'SERVICE_OFF';
  practiceCalendar?: 'IN_HOURS' | 'OUT_OF_HOURS';
  reopensAt?: string | null;
}

export interface ControlsPatch {
  operationalState?: { medical?: ServiceStatePatch; admin?: ServiceStatePatch };
  featureSets?: Array<'SMART_TRIAGE' | 'SMART_DIRECT_BOOKING' | 'PATIENT_DIRECT_BOOKING' | 'SMART_PRACTICE_SUITE'>;
  smsEnabled?: boolean;
  nhsLoginEnabled?: boolean;
  enableChildRequests?: boolean;
  notices?: Array<{ id: string; title: string; content: string }>;
  patientEnabledForms?: string[];
  flowConfig?: Record<string, { enableManualPatientAuth: boolean; enableNhsLogin: boolean }>;
}

/** The staff bearer header for /practice/* pages and /api/v1/practice/* calls (e.g. for page.setExtraHTTPHeaders). */
export function practiceAuthHeaders(): Record<string, string> {
  const token = process.env.PRACTICE_API_TOKEN ?? inject('practiceApiToken');
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function post(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: { ...practiceAuthHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Changes only the switches given; answers the switches as they now stand. */
export function setControls(patch: ControlsPatch): Promise<unknown> {
  return post('/api/v1/practice/controls', patch);
}

/** Puts the practice back to the demo seed (settings, patients) and empties its inbox. */
export function resetPractice(): Promise<unknown> {
  return post('/api/v1/practice/controls/reset');
}

export type PracticeRequest = { id: string; kind: string; formType?: string; receivedAt: string; body: Record<string, unknown> };

/** What the practice received, newest first: every page of the read-back (it pages, see schemas/api/README.md). */
export async function practiceRequests(): Promise<PracticeRequest[]> {
  const all: PracticeRequest[] = [];
  let next: string | undefined = '/api/v1/practice/requests?limit=200';
  while (next) {
    const response: Response = await fetch(`${baseURL()}${next}`, { headers: practiceAuthHeaders() });
    if (!response.ok) throw new Error(`${next} answered ${response.status}: ${await response.text()}`);
    all.push(...((await response.json()) as PracticeRequest[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return all;
}

/** Staff sign-in: read-back sends the bearer token (see practiceAuthHeaders). */
function staffHeaders(): Record<string, string> {
  return practiceAuthHeaders();
}

export interface OutboxMessage {
  notificationId: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
}

/** The messages the practice's outbox delivered (emails and texts as the patient receives them), newest first. */
export async function practiceOutbox(): Promise<OutboxMessage[]> {
  const all: OutboxMessage[] = [];
  let next: string | undefined = '/api/v1/practice/outbox?limit=200';
  while (next) {
    const response: Response = await fetch(`${baseURL()}${next}`, { headers: staffHeaders() });
    if (!response.ok) throw new Error(`${next} answered ${response.status}`);
    all.push(...((await response.json()) as OutboxMessage[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return all;
}
