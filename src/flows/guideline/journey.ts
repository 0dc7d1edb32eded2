import { NONE_OF_THE_ABOVE, NONE_OF_THE_ABOVE_LABEL, type FormData, type FormDocument } from '../../../renderer/index';
import type { ConsultationRequest } from '../../../generated/types/api/consultation-request';
import type { UnverifiedRequests } from '../../../generated/types/api/unverified-requests';
import type { UrgencyTier } from '../../../generated/types/api/urgency-tier';
import type { CustomDataEntry, Execution, ExecutionSection, StartRefusal } from '../../api/engine';
import { clearPatientDetails } from '../../patient-details/PatientDetailsStep';
import type { Patient, PatientValidation } from '../../patient-details/patient';
import type { AllSettings } from '../../settings/types';
import { createFlowState } from '../flowState';
import type { OutcomeWords } from '../../../common';
import type { SafetyState } from './safety';
import type { PathwayKind } from './pathwayKind';

export const MEDICAL_FLOW = 'MEDICAL_REQUEST';
/** Where the medical request starts (and where every later page bounces to while triage is unfinished). */
export const TRIAGE_START = '/triage';

/** How the patient picked the pathway (custom data conditionSearchType). */
export type SearchType = 'MAIN' | 'SIMILAR' | 'NON_SPECIFIC' | 'ALL_OPTIONS';

export interface Selection {
  guidelineId: string;
  /** The pathway document's kind (its summary or the settings list the patient picked it from): the journey follows it. */
  kind: PathwayKind;
  label: string;
  searchType: SearchType;
  searchTerm: string;
  searchMatches: string[];
}

/** The label of a question and of its options, read from the section documents as the patient saw them. */
export interface QuestionLabel {
  label: string;
  options?: Record<string, string>;
}

export interface PatientContext {
  patientNeed?: { value: string; label: string };
  additionalInfo?: string;
}

/** What the confirmation shows of a sent request: the reference, what was sent and how the practice will reply. */
export interface SentReceiptInfo {
  reference: string;
  receivedAt: string;
  what: string;
  reply: string;
}

export interface TriageFlowState {
  /** The last search term, so the results are still there when the patient comes back. */
  lastSearch?: string;
  selection?: Selection;
  patient?: Patient;
  validation?: PatientValidation;
  /** No usable email: the patient asked for a phone reply (sent with PATIENT_REFUSED_UPDATE_CONTACT). */
  replyByPhone?: boolean;
  /** An email the patient gave that their record lacks: sent beside the request as a CHANGE_OF_CONTACT_DETAILS. */
  addEmail?: string;
  /** The $start refusal, shown as "Please check your selection and try again". */
  refusal?: StartRefusal;
  useProxy?: boolean;
  executionId?: string;
  /** The engine's latest answer: the current section while IN_PROGRESS, the result once COMPLETED. */
  execution?: Execution;
  /** Answers typed on a section but not yet sent (kept over a reload), per section id. */
  drafts: Record<string, FormData>;
  /**
   * The sections answered so far, in order, each with the answers sent: Back (link or browser,
   * `?section=<id>`) shows an earlier one again with its answers; Next on it re-answers it
   * ($continue accepts a section shown before) and drops the ones after it.
   */
  answered?: Array<{ section: ExecutionSection; answers: FormData }>;
  labels: Record<string, QuestionLabel>;
  finishedTriage?: boolean;
  finishedOn?: string;
  aiLed?: boolean;
  /** The pathway checks for appointments (its guideline summary): a finished request with an email is offered slots. */
  checkForAppointments?: boolean;
  patientContext?: PatientContext;
  /** One send attempt: its key is reused by every retry of the same request. */
  attempt?: { key: string; body: ConsultationRequest | UnverifiedRequests };
  reachedSubmitScreenOn?: string;
  /** Set once sent, after everything else is cleared: the thank-you page reads it. */
  sent?: {
    executionId: string;
    useProxy: boolean;
    triageRequestType: string;
    tier?: UrgencyTier;
    crisis?: boolean;
    receipt?: SentReceiptInfo;
    /** Every word of the outcome, shown again on the confirmation (common/advice.ts). */
    words?: OutcomeWords[];
  };
  reachedThankYou?: boolean;
  /** The safety branch after an urgent result (src/flows/triage/safety). */
  safety?: SafetyState;
  /**
   * The patient went on from the ending screen of their tier (urgent today: "call me back today";
   * pharmacy or self-care: "ask the practice instead"): the journey goes on to the practice.
   */
  pastEnding?: boolean;
  /** Set when a pharmacy or self-care ending was accepted (nothing sent): the advice page reads it. */
  advised?: Advised;
}

/** A pharmacy or self-care ending the patient accepted: nothing went to the practice. */
interface Advised {
  tier: 'PHARMACY' | 'SELF_CARE';
  label: string;
  words: OutcomeWords[];
  executionId: string;
  useProxy: boolean;
  /** The patient's email from the patient-details step, offered for the advice message. */
  email?: string;
}

export const triageFlow = createFlowState<TriageFlowState>('flow:triage', () => ({ drafts: {}, labels: {} }));

/** Sent or discarded: forget the patient, the answers and the patient-details step. */
export function clearTriageFlow(): void {
  triageFlow.clear();
  clearPatientDetails(MEDICAL_FLOW);
}

export function proxyOn(settings: AllSettings): boolean {
  // The engine proxy is on unless the practice turns it off.
  return settings.patientApp.useProxy !== false;
}

function str(key: string, value: string): CustomDataEntry {
  return { key, type: 'STRING', value };
}
export function bool(key: string, value: boolean): CustomDataEntry {
  return { key, type: 'BOOLEAN', value };
}
export function dateTime(key: string, value: string): CustomDataEntry {
  return { key, type: 'DATE_TIME', value };
}

export function searchCustomData(selection: Selection): CustomDataEntry[] {
  return [
    str('conditionSearchType', selection.searchType),
    str('conditionSearchTerm', selection.searchTerm),
    str('conditionSearchMatches', selection.searchMatches.join(',')),
  ];
}

/** The question and option labels of one section document, keyed by field name. */
export function sectionLabels(doc: FormDocument): Record<string, QuestionLabel> {
  const out: Record<string, QuestionLabel> = {};
  for (const [field, prop] of Object.entries(doc.schema.properties ?? {})) {
    const p = prop as { title?: unknown; oneOf?: unknown; items?: { oneOf?: unknown; anyOf?: unknown } };
    if (typeof p.title !== 'string') continue;
    const list = (p.oneOf ?? p.items?.oneOf ?? p.items?.anyOf) as Array<{ const?: unknown; title?: unknown }> | undefined;
    const options = Array.isArray(list)
      ? Object.fromEntries(list.filter((o) => o.const !== undefined && typeof o.title === 'string').map((o) => [String(o.const), String(o.title)]))
      : undefined;
    // Multi-choice questions always offer the renderer's exclusive "None of the above".
    if (options && p.items) options[NONE_OF_THE_ABOVE] = NONE_OF_THE_ABOVE_LABEL;
    out[field] = options && Object.keys(options).length > 0 ? { label: p.title, options } : { label: p.title };
  }
  return out;
}

export function manualAuthOn(settings: AllSettings): boolean {
  return settings.patientApp.flowConfig?.[MEDICAL_FLOW]?.enableManualPatientAuth === true;
}

/** Pages after the questionnaire: the patient goes back to the search while triage is unfinished. */
export function triageFinished(state: TriageFlowState): boolean {
  return state.finishedTriage === true && state.execution?.status === 'COMPLETED' && state.patient !== undefined;
}
