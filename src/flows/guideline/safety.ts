// The safety-netting branch of the medical request (README.md "Safety-netting after an urgent result"):
// what happens after an urgent result. Pure decisions only, so each rule is unit tested; the
// screens next to this file read and write `TriageFlowState.safety`.
import type { PatientValidation, Patient } from '../../patient-details/patient';
import { patientHasEmail } from '../../patient-details/patient';
import type { Recommendation } from '../../api/engine';
import { INVALID_OVERRIDE_REASON, classifyRequest, isValidOverrideReason, topReferral } from '../../../common';
import type { BuiltConsultation } from './consultationTypes';
import type { PathwayKind } from './pathwayKind';

export const SAFETY_QUESTIONS = ['drinksFluids', 'breathsNormally', 'passesUrine', 'ableToStandOrWalk'] as const;
export type SafetyQuestion = (typeof SAFETY_QUESTIONS)[number];

export const EMERGENCY_QUESTIONS_PATH = '/triage/emergency-questions';
export const SUBMIT_EMERGENCY_PATH = '/triage/submit-emergency';
export const EMERGENCY_CONFIRMED_PATH = '/triage/emergency-confirmed';
export const EMERGENCY_OVERRIDE_PATH = '/triage/emergency-override';
export const SERVICE_CLOSED_PATH = '/triage/service-closed';
/** The signpost's triage variant: it warns that the practice will not receive the answers. */
export const TRIAGE_SIGNPOST_PATH = '/triage/emergency-signpost?variant=triage';

/** What the patient decided on the urgent care outcome screen. */
type SafetyChoice = 'ATTEND_AE' | 'GP_ADVICE';

/** The safety branch's part of the medical flow (kept with the rest of it in sessionStorage). */
export interface SafetyState {
  /** Set when the safety check is shown: later pages bounce unless a valid override reason follows. */
  reachedEmergencyQuestions: boolean;
  answers: Partial<Record<SafetyQuestion, boolean>>;
  /** The question labels as the patient read them (sent with the answers). */
  labels?: Partial<Record<SafetyQuestion, string>>;
  choice?: SafetyChoice;
  /** The override reason id (one of the practice's emergencyOverrideOptions). */
  overrideReason?: string;
  overrideLabel?: string;
}

/** Every safety question answered Yes or No. */
function allAnswered(answers: SafetyState['answers']): answers is Record<SafetyQuestion, boolean> {
  return SAFETY_QUESTIONS.every((q) => typeof answers[q] === 'boolean');
}

/** Urgent when all are answered and any answer is No; undefined until all are answered. */
export function safetyResult(answers: SafetyState['answers']): 'urgent' | 'not-urgent' | undefined {
  if (!allAnswered(answers)) return undefined;
  return SAFETY_QUESTIONS.some((q) => answers[q] === false) ? 'urgent' : 'not-urgent';
}

/**
 * Pathway kinds whose urgent results go straight to the emergency signpost, without the
 * safety check or an A&E submission: eligibility pathways (a booking service, not a route to
 * the GP) and child pathways (the safety questions are worded for an adult answering for
 * themselves; the child flow has its own age-banded emergency checklists).
 */
function goesStraightToSignpost(kind: PathwayKind): boolean {
  return kind !== 'triage';
}

/** Where the urgent branch starts (the one entry point of the triage journey, `goToUrgentBranch`). */
export function urgentEntry(kind: PathwayKind): string {
  return goesStraightToSignpost(kind) ? TRIAGE_SIGNPOST_PATH : EMERGENCY_QUESTIONS_PATH;
}

/** Next on the safety check: service off → service closed; A&E submission on → the outcome screen; else the signpost. */
export function afterSafetyCheck(input: { medicalOff: boolean; aneSubmission: boolean; kind: PathwayKind }): string {
  if (input.medicalOff) return SERVICE_CLOSED_PATH;
  if (goesStraightToSignpost(input.kind) || !input.aneSubmission) return TRIAGE_SIGNPOST_PATH;
  return SUBMIT_EMERGENCY_PATH;
}

export interface ContactInputs {
  patient: Patient | undefined;
  validation: PatientValidation | undefined;
  manualAuth: boolean;
}

/** No email, no contact update requested and manual authentication on: the practice is told the patient declined to add one. */
export function needsContactChoice({ patient, validation, manualAuth }: ContactInputs): boolean {
  const hasEmail = patientHasEmail(patient) || validation?.hasEmail === true;
  return !hasEmail && validation?.isUpdateContactRequested !== true && manualAuth;
}

/**
 * After a valid override reason: the booking screen for an AI-led pathway when the patient has
 * an email and gave no patient context; else the request is sent (committedToConsultGp true),
 * through add contact details when there is no email and manual authentication is on.
 */
export function afterOverride(input: ContactInputs & { aiLed: boolean; hasPatientContext: boolean }): 'book' | 'add-contact-details' | 'send' {
  const hasEmail = patientHasEmail(input.patient) || input.validation?.hasEmail === true;
  if (input.aiLed && hasEmail && !input.hasPatientContext) return 'book';
  if (needsContactChoice(input)) return 'add-contact-details';
  return 'send';
}

/**
 * The bounce rule of the pages after the questionnaire: once the safety check was reached, only
 * a valid override reason (or the A&E choice, which sends the request from the outcome screen)
 * lets the patient on to pages that send a routine request.
 */
export function bouncesAfterSafetyCheck(safety: SafetyState | undefined): boolean {
  if (!safety?.reachedEmergencyQuestions) return false;
  return !isValidOverrideReason(safety.overrideReason);
}

/** A reason id the practice offers; none_of_the_above ("not safe to wait") is offered but never valid. */
export function isOfferedValidReason(reason: string | undefined, options: ReadonlyArray<{ id: string }>): boolean {
  return isValidOverrideReason(reason) && options.some((o) => o.id === reason);
}

export { INVALID_OVERRIDE_REASON };

/**
 * The safety check's answers as engine custom data, one BOOLEAN `emergencyQuestion.<id>` entry per
 * answered question: the spec's "set emergency questions" call. The practice server accepts an
 * override only when the execution recorded all four (server/triageClassification.ts).
 */
export function safetyAnswersCustomData(answers: SafetyState['answers']) {
  return SAFETY_QUESTIONS.filter((q) => typeof answers[q] === 'boolean').map((q) => ({
    key: `emergencyQuestion.${q}`,
    type: 'BOOLEAN' as const,
    value: answers[q] === true,
  }));
}

/**
 * The engine custom data of an override (spec keys isAnEOverride, anEOverrideReferralId,
 * anEOverrideReason, anEOverrideReasonValid), after the safety answers it rests on when given.
 */
export function overrideCustomData(reason: string, recommendations: readonly Recommendation[], answers: SafetyState['answers'] = {}) {
  const referralId = topReferral(recommendations)?.referralId ?? '';
  return [
    ...safetyAnswersCustomData(answers),
    { key: 'isAnEOverride', type: 'BOOLEAN' as const, value: true },
    { key: 'anEOverrideReferralId', type: 'STRING' as const, value: referralId },
    { key: 'anEOverrideReason', type: 'STRING' as const, value: reason },
    { key: 'anEOverrideReasonValid', type: 'BOOLEAN' as const, value: isValidOverrideReason(reason) },
  ];
}

/**
 * Adds the safety branch to a built consultation: the safety answers, the override reason, the
 * A&E choice (committedToConsultGp) and the classification with the override taken into account.
 * Without a safety state the body is unchanged.
 */
export function withSafety<T extends BuiltConsultation>(built: T, kind: PathwayKind, safety: SafetyState | undefined): T {
  if (!safety?.reachedEmergencyQuestions) return built;
  const { triageRequestType } = classifyRequest({
    kind,
    recommendations: built.triageRequest.guidelineExecution.recommendations,
    ...(safety.overrideReason !== undefined ? { overrideReason: safety.overrideReason } : {}),
  });
  const emergencyQuestions = SAFETY_QUESTIONS.filter((q) => typeof safety.answers[q] === 'boolean').map((q) => ({
    identifier: q,
    ...(safety.labels?.[q] ? { question: safety.labels[q] } : {}),
    answer: safety.answers[q] ? ('Yes' as const) : ('No' as const),
  }));
  return {
    ...built,
    triageRequest: {
      ...built.triageRequest,
      triageRequestType,
      emergencyQuestions,
      ...(safety.overrideReason !== undefined ? { emergencyOverrideReason: safety.overrideReason } : {}),
      consultation: {
        ...built.triageRequest.consultation,
        type: triageRequestType,
        committedToConsultGp: committedToConsultGp(safety),
        ...(safety.overrideLabel ? { emergencyOverrideLabel: safety.overrideLabel } : {}),
      },
    },
  };
}

/** "Inform the practice" (the patient will attend A&E) finishes with false; everything else with true. */
export function committedToConsultGp(safety: SafetyState | undefined): boolean {
  return safety?.choice !== 'ATTEND_AE';
}
