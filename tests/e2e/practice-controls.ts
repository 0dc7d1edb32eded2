// Demo and test switches of the embedded practice API, for e2e tests (the e2e server starts with
// controls on, see global-setup.ts). Shapes: schemas/api/practice-controls.schema.json.
import { baseURL } from './harness';

export interface ServiceStatePatch {
  operationalStatus?: 'SERVICE_ON' | 'SERVICE_OFF';
  practiceCalendar?: 'IN_HOURS' | 'OUT_OF_HOURS';
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

async function post(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
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

/** What the practice received, newest first. */
export async function practiceRequests(): Promise<Array<{ id: string; kind: string; formType?: string; receivedAt: string; body: Record<string, unknown> }>> {
  const response = await fetch(`${baseURL()}/api/v1/practice/requests`);
  return (await response.json()) as Array<{ id: string; kind: string; formType?: string; receivedAt: string; body: Record<string, unknown> }>;
}

/** Staff sign-in: read-back sends the bearer token when the environment sets one. */
function staffHeaders(): Record<string, string> {
  return process.env.PRACTICE_API_TOKEN ? { authorization: `Bearer ${process.env.PRACTICE_API_TOKEN}` } : {};
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
  const response = await fetch(`${baseURL()}/api/v1/practice/outbox`, { headers: staffHeaders() });
  if (!response.ok) throw new Error(`/api/v1/practice/outbox answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}
