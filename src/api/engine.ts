// The guideline engine's calls (contract: schemas/questionnaires/README.md, "The engine calls"),
// made straight to /api/v1/fhir/r4 or, when the practice's `useProxy` setting is on (the
// default), through /api/v1/engine-proxy?path=… . Every non-2xx answer is an ApiError carrying
// the status and the answer's message (a 412 "Outside normal operating hours" included).
import type { FormDocument, Observation } from '../../renderer/index';
import { getJson } from './client';
import { requestJson } from './send';

export type CustomDataType = 'STRING' | 'BOOLEAN' | 'DATE_TIME';
export interface CustomDataEntry {
  key: string;
  type: CustomDataType;
  value: string | boolean;
}

export type EngineAction =
  | { type: 'Referral'; referralId: string; label: string }
  | { type: 'Management'; managementType: 'Self help content' | 'Signpost copy' | 'No slots copy'; text: string; links?: Array<{ label: string; url: string }> }
  | { type: 'Test'; testId: string; label: string };

export interface Recommendation {
  id: string;
  type: 'Recommendation' | 'Consideration' | 'NotRecommended';
  title: string;
  evidence: string[];
  actions: EngineAction[];
}

export interface QuestionnaireItem {
  label: string;
  reference: string;
  identifier: string;
  referencedObservation: { type: string; valueType: string; options?: Array<{ identifier: string; label: string }>; inputRange?: { low?: number; high?: number }; unit?: string };
}

export interface ExecutionSection {
  id: string;
  number: number;
  title: string;
  document: FormDocument;
  parameters: Record<string, unknown>;
  answers: Record<string, unknown>;
}

export interface Execution {
  identifier: string;
  guidelineId: string;
  version: string;
  status: 'IN_PROGRESS' | 'COMPLETED' | 'STOPPED' | 'FINISHED';
  customData: CustomDataEntry[];
  recommendations: Recommendation[];
  requiredData: QuestionnaireItem[];
  section: ExecutionSection | null;
  responseData: Observation[];
}

export interface GuidelineSummary {
  guidelineId: string;
  label: string;
  name?: string;
  inboxLabel?: string;
  version?: string;
  checkForAppointments?: boolean;
  showEmergencySymptoms?: boolean;
  isAiLedGuideline?: boolean;
  expectedAppointmentReferral?: string;
  restrictions?: { minAge?: number; maxAge?: number; sexAtBirth?: 'female' | 'male' };
  [key: string]: unknown;
}

export interface StartPatient {
  dateOfBirth: string;
  sexAtBirth: 'female' | 'male';
  [key: string]: unknown;
}

/** Refusal codes of `$start` (422): the "Please check your selection and try again" page. */
export type StartRefusal = 'NOT_AVAILABLE' | 'RESTRICTED_BY_AGE' | 'RESTRICTED_BY_SEX';

const ENGINE_BASE = '/api/v1/fhir/r4';
const PROXY_BASE = '/api/v1/engine-proxy?path=';

/** The URL of an engine path, direct or through the practice's proxy. */
export function engineUrl(path: string, useProxy: boolean): string {
  return useProxy ? `${PROXY_BASE}${encodeURIComponent(path)}` : `${ENGINE_BASE}${path}`;
}

function call<T>(method: 'GET' | 'POST', path: string, useProxy: boolean, body?: unknown): Promise<T> {
  return requestJson<T>(method, engineUrl(path, useProxy), body === undefined ? {} : { body });
}

const execution = (id: string) => `/GuidelineExecution/${encodeURIComponent(id)}`;

export function getGuideline(guidelineId: string, useProxy: boolean): Promise<GuidelineSummary> {
  return call('GET', `/Guideline/${encodeURIComponent(guidelineId)}`, useProxy);
}

export function startGuideline(
  guidelineId: string,
  body: { patient: StartPatient; customData?: CustomDataEntry[]; version?: string },
  useProxy: boolean,
): Promise<Execution> {
  return call('POST', `/Guideline/${encodeURIComponent(guidelineId)}/$start`, useProxy, body);
}

export function getExecution(id: string, useProxy: boolean): Promise<Execution> {
  return call('GET', execution(id), useProxy);
}

export function continueExecution(id: string, body: { sectionId: string; responseData: Observation[] }, useProxy: boolean): Promise<Execution> {
  return call('POST', `${execution(id)}/$continue`, useProxy, body);
}

export function stopExecution(id: string, useProxy: boolean): Promise<Execution> {
  return call('POST', `${execution(id)}/$stop`, useProxy);
}

export function finishExecution(
  id: string,
  body: { acceptedRecommendationIds?: string[]; rejectedRecommendationIds?: string[]; committedToConsultGp?: boolean },
  useProxy: boolean,
): Promise<Execution> {
  return call('POST', `${execution(id)}/$finish`, useProxy, body);
}

/** Upserts custom data entries (`$putCustomData`). */
export function putCustomData(id: string, entries: CustomDataEntry[], useProxy: boolean): Promise<Execution> {
  return call('POST', `${execution(id)}/$putCustomData`, useProxy, entries);
}

/** Settings call: whether the pathway (with its referral) is AI-led. */
export async function isAiLed(guidelineId: string, referralId: string | undefined): Promise<boolean> {
  const query = new URLSearchParams({ guidelineId, ...(referralId ? { referralId } : {}) });
  const answer = await getJson<{ aiLed?: unknown }>(`/api/v1/settings/ai-led?${query.toString()}`);
  return answer.aiLed === true;
}
