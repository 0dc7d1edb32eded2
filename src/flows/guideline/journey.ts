import { NONE_OF_THE_ABOVE, NONE_OF_THE_ABOVE_LABEL, type FormData, type FormDocument } from '../../../renderer/index';
import type { ConsultationContext, ConsultationRequest } from '../../../generated/types/api/consultation-request';
import type { Consultation, ResponseData, TriageRequest } from '../../../generated/types/api/triage-request';
import type { UnverifiedRequests } from '../../../generated/types/api/unverified-requests';
import type { UrgencyTier } from '../../../generated/types/api/urgency-tier';
import { BOOK_APPOINTMENT_PATH } from '../bookingRequest';
import type { CustomDataEntry, Execution, ExecutionSection, Recommendation, StartRefusal } from '../../api/engine';
import { clearPatientDetails } from '../../patient-details/PatientDetailsStep';
import { patientHasEmail, type Patient, type PatientValidation } from '../../patient-details/patient';
import type { AllSettings } from '../../settings/types';
import { createFlowStore } from '../sessionFlowStore';
import { readEntryParams, type EntryParams } from '../../session/entryParams';
import { classifyRequest, endingFor, isEmergencyResult, topReferral, type EndingScreen, type OutcomeWords, type SlotWindow } from '../../../common';
import type { SafetyState } from './safety';
import { isEligibilityPathway, pathwayKind, type PathwayKind } from './pathwayKind';

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
export interface Advised {
  tier: 'PHARMACY' | 'SELF_CARE';
  label: string;
  words: OutcomeWords[];
  executionId: string;
  useProxy: boolean;
  /** The patient's email from the patient-details step, offered for the advice message. */
  email?: string;
}

export const triageFlow = createFlowStore<TriageFlowState>('flow:triage', () => ({ drafts: {}, labels: {} }));

/** Sent or discarded: forget the patient, the answers and the patient-details step. */
export function clearTriageFlow(): void {
  triageFlow.clear();
  clearPatientDetails(MEDICAL_FLOW);
}

export function proxyOn(settings: AllSettings): boolean {
  // The engine proxy is on unless the practice turns it off.
  return settings.patientApp.useProxy !== false;
}

export function str(key: string, value: string): CustomDataEntry {
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

export interface RouteInputs {
  /** The pathway's kind (the journey's selection, `pathwayKind`). */
  kind: PathwayKind;
  recommendations: readonly Recommendation[];
  freeTextEnabled: boolean;
  patient: Patient | undefined;
  validation: PatientValidation | undefined;
  /** The patient chose a phone reply at the patient-details step: no add-contact-details question again. */
  replyByPhone?: boolean;
  manualAuth: boolean;
  /** Coming from the patient-context page: it is not shown again. */
  afterPatientContext?: boolean;
  /** The pathway's checkForAppointments (its guideline summary): offer slots before sending. */
  checkForAppointments?: boolean;
  /** The patient went on from their tier's ending screen to the practice (`TriageFlowState.pastEnding`). */
  pastEnding?: boolean;
}

export const URGENT = 'urgent' as const;

/** The screens of the endings by tier (common/endings.ts) that are pages of their own. */
export const ENDING_PATHS: Readonly<Partial<Record<EndingScreen, string>>> = {
  EMERGENCY: '/triage/get-help-now',
  URGENT_TODAY: '/triage/urgent-today',
  PHARMACY: '/triage/pharmacy',
  SELF_CARE: '/triage/self-care',
};
/** After a pharmacy or self-care ending was accepted: the advice again, nothing sent. */
export const ADVICE_GIVEN_PATH = '/triage/advice-given';

/** Which slots the journey may offer for its outcome (common/endings.ts): today's only for an urgent-today result. */
export function slotWindowOf(state: Pick<TriageFlowState, 'selection' | 'execution'>): SlotWindow {
  const ending = state.execution ? endingFor({ kind: pathwayKind(state.selection), recommendations: state.execution.recommendations }) : undefined;
  if (!ending) return 'ANY';
  // A pharmacy or self-care patient who asks the practice instead goes on as a routine request.
  return ending.screen === 'PHARMACY' || ending.screen === 'SELF_CARE' ? 'ANY' : ending.slots;
}
/** The booking screen an appointment outcome hands over to (startBooking, docs/architecture.md "Booking request"). */
export { BOOK_APPOINTMENT_PATH };

/**
 * Where the patient goes once the engine needs no more data. `URGENT` means the spec's safety
 * branch (`goToUrgentBranch`).
 * - eligibility pathways: an urgent result → the safety branch (its signpost); self-help outcome →
 *   eligibility self-help, signpost → signpost, no result → something went wrong; an appointment
 *   outcome (a Referral on top) → the booking screen (the caller hands over with
 *   `handOverToBooking`, src/flows/triage/bookingHandover.ts);
 * - triage and child pathways go by their top tier first (common/endings.ts `endingFor`): 999 (and
 *   a child's A&E) → the emergency screen; an adult's A&E → the safety branch; urgent today,
 *   pharmacy and self-care → their own screen, until the patient goes on to the practice from it;
 * - then patient context first when free text is on; then with an email: the booking screen when
 *   the pathway checks for appointments, else triage complete (also when a contact update is
 *   requested); without one → add contact details when manual authentication is on for medical
 *   requests, else triage complete.
 */
export function routeAfterTriage(input: RouteInputs): string {
  if (isEligibilityPathway(input)) {
    if (isEmergencyResult(input.recommendations)) return URGENT;
    if (input.recommendations.length === 0) return '/eligibility/something-went-wrong';
    const management = input.recommendations[0]?.actions.find((a) => a.type === 'Management');
    if (!topReferral(input.recommendations) && management?.type === 'Management') {
      if (management.managementType === 'Self help content') return '/eligibility/self-help';
      if (management.managementType === 'Signpost copy') return '/eligibility/signpost';
    }
    if (topReferral(input.recommendations)) return BOOK_APPOINTMENT_PATH;
  }
  const ending = endingFor({ kind: input.kind, recommendations: input.recommendations });
  if (ending?.screen === 'EMERGENCY') return ENDING_PATHS.EMERGENCY!;
  // An A&E referral on top is the safety branch even if a tier says less (the spec's classification reads the label).
  if (ending?.screen === 'SAFETY_CHECK' || isEmergencyResult(input.recommendations)) return URGENT;
  const own = ending ? ENDING_PATHS[ending.screen] : undefined;
  if (own && !input.pastEnding) return own;
  if (input.freeTextEnabled && !input.afterPatientContext) return '/triage/your-own-words';
  const hasEmail = patientHasEmail(input.patient) || input.validation?.hasEmail === true;
  if (hasEmail && input.checkForAppointments === true) return BOOK_APPOINTMENT_PATH;
  if (hasEmail || input.validation?.isUpdateContactRequested === true || input.replyByPhone === true) return '/triage/complete';
  return input.manualAuth ? '/add-contact-details' : '/triage/complete';
}

/** The routing inputs of a finished journey (the questionnaire's last section, the results page, the own-words page, the ending screens). */
export function routeInputsOf(state: TriageFlowState, settings: AllSettings, recommendations: readonly Recommendation[]): RouteInputs {
  return {
    kind: pathwayKind(state.selection),
    recommendations,
    freeTextEnabled: settings.patientApp.freeTextInput?.enabled === true,
    afterPatientContext: state.patientContext !== undefined,
    patient: state.patient,
    validation: state.validation,
    replyByPhone: state.replyByPhone,
    manualAuth: manualAuthOn(settings),
    checkForAppointments: state.checkForAppointments === true,
    pastEnding: state.pastEnding === true,
  };
}

export function manualAuthOn(settings: AllSettings): boolean {
  return settings.patientApp.flowConfig?.[MEDICAL_FLOW]?.enableManualPatientAuth === true;
}

export interface BuildInputs {
  state: TriageFlowState;
  settings: AllSettings;
  channel?: string;
  now: Date;
  /**
   * The home page's type and appointmentType (src/session/entryParams.ts): the practice's link
   * says what the request is for and which appointment type it offers; the consultation carries
   * them as `entryType` and `appointmentType` (default routine). Default: what this session holds.
   */
  entry?: Pick<EntryParams, 'type' | 'appointmentType'>;
}

type Channel = NonNullable<Consultation['channel']>;
const CHANNELS: readonly Channel[] = ['SMS', 'EMAIL', 'PAGE', 'NONE'];
const isChannel = (channel: string | undefined): channel is Channel => CHANNELS.includes(channel as Channel);

/**
 * The consultation body (schemas/api/consultation-request.schema.json): the full triage request
 * and its context. responseData is the engine's (hidden questions are never in it), each answer
 * with the question's label and its option labels so the practice reads words, not ids.
 */
/** The triage request of a built consultation: the contract's, with the parts the app always fills in. */
export interface BuiltTriageRequest extends TriageRequest {
  responseData: ResponseData[];
  consultation: Consultation;
  guidelineExecution: { identifier: string; status: Execution['status']; recommendations: Recommendation[] };
}

/** A built consultation: the contract's body, its context always saying when the pathway finished. */
export interface BuiltConsultation extends ConsultationRequest {
  triageRequest: BuiltTriageRequest;
  context: ConsultationContext & { guidelineFinishedOn: string };
}

export function buildConsultation({ state, settings, channel, now, entry = readEntryParams() }: BuildInputs): BuiltConsultation {
  const execution = state.execution;
  const selection = state.selection;
  if (!execution || !selection || !state.patient) throw new Error('The questionnaire is not finished');
  const classification = classifyRequest({ kind: pathwayKind(selection), recommendations: execution.recommendations });
  const referral = topReferral(execution.recommendations);
  const urgency = referral ? settings.urgencyByReferralId[referral.referralId] : undefined;
  const responseData = execution.responseData.map((o) => {
    const label = state.labels[o.identifier];
    return {
      ...o,
      ...(label ? { label: label.label } : {}),
      answer: o.answer.map((a) => {
        const optionLabel = label?.options?.[String(a.value)];
        return optionLabel ? { ...a, label: optionLabel } : a;
      }),
    };
  });
  const contact = state.patient.contactDetails;
  const notificationEvents: Array<Record<string, string>> = [];
  if (contact?.emailAddress) notificationEvents.push({ channel: 'EMAIL', event: 'REQUEST_RECEIVED' });
  if (contact?.mobilePhoneNumber && settings.notificationConfig.sms?.enabled) notificationEvents.push({ channel: 'SMS', event: 'REQUEST_RECEIVED' });
  if (classification.selfHelpNotification) notificationEvents.push({ channel: 'EMAIL', event: 'SELF_HELP' });
  const finishedOn = state.finishedOn ?? now.toISOString();
  const triageRequest: BuiltTriageRequest = {
    patient: state.patient,
    triageRequestType: classification.triageRequestType,
    responseData,
    consultation: {
      finish: finishedOn,
      guidelineName: selection.label,
      executionId: execution.identifier,
      channel: isChannel(channel) ? channel : 'PAGE',
      type: classification.triageRequestType,
      conditionLabel: selection.label,
      domain: execution.guidelineId.split('.')[0] ?? 'Triage',
      guidelineId: execution.guidelineId,
      pathwayVersion: execution.version,
      submittedFrom: 'PATIENT_APP',
      usedGuidelines: [execution.guidelineId],
      ...(referral ? { referralId: referral.referralId, referralLabel: referral.label } : {}),
      ...(urgency ? { urgency: urgency.urgency, urgencyColour: urgency.colour } : {}),
      isAiLed: state.aiLed === true,
      appointmentType: entry.appointmentType,
      ...(entry.type ? { entryType: entry.type } : {}),
    },
    guidelineExecution: {
      identifier: execution.identifier,
      status: execution.status,
      recommendations: execution.recommendations,
    },
    ...(state.patientContext ? { patientContext: state.patientContext } : {}),
    notificationEvents,
  };
  return {
    triageRequest,
    context: { reasonInInbox: 'NO_APPOINTMENTS' as const, appointmentsPresented: false, guidelineFinishedOn: finishedOn },
  };
}

/** Pages after the questionnaire: the patient goes back to the search while triage is unfinished. */
export function triageFinished(state: TriageFlowState): boolean {
  return state.finishedTriage === true && state.execution?.status === 'COMPLETED' && state.patient !== undefined;
}
