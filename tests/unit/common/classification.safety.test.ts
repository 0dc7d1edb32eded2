import type { PathwayKind } from '../../../src/flows/guideline/pathwayKind';
import { describe, expect, it } from 'vitest';
import type { EngineAction, Recommendation } from '../../../src/api/engine';
import { classifyRequest, type TriageRequestType } from '../../../common';
import type { BuiltConsultation } from '../../../src/flows/guideline/consultationTypes';
import {
  EMERGENCY_QUESTIONS_PATH,
  SERVICE_CLOSED_PATH,
  SUBMIT_EMERGENCY_PATH,
  TRIAGE_SIGNPOST_PATH,
  afterOverride,
  afterSafetyCheck,
  bouncesAfterSafetyCheck,
  committedToConsultGp,
  isOfferedValidReason,
  overrideCustomData,
  safetyResult,
  urgentEntry,
  withSafety,
  type SafetyState,
} from '../../../src/flows/guideline/safety';
import { classifyTriage } from '../../../server/triageClassification';
import { recordedSafetyAnswers, SAFETY_QUESTION_IDS } from '../../../server/executionWords';
import { SAFETY_QUESTIONS } from '../../../src/flows/guideline/safety';

const rec = (id: string, ...actions: EngineAction[]): Recommendation => ({ id, type: 'Recommendation', title: id, evidence: [], actions });
const referral = (referralId: string, label: string): EngineAction => ({ type: 'Referral', referralId, label });
const AE = rec('red-flag', referral('ref-ae', 'A&E'));
const EMERGENCY = rec('emergency', referral('ref-emergency', 'Emergency indication'));
const ROUTINE = rec('routine', referral('ref-routine', 'Routine appointment'));
const OFFERED = ['patient_override_for_gp', 'by_end_tomorrow', 'none_of_the_above'];

// One table through the one rule (common/classification.ts), called as the browser calls it and as the server does (with the offered reasons): every row of
// the classification (emergency with and without a valid override, eligibility, child, otherwise).
const TABLE: Array<{
  name: string;
  guidelineId: string;
  kind: PathwayKind;
  recommendations: Recommendation[];
  overrideReason?: string;
  type: TriageRequestType;
}> = [
  { name: 'A&E top referral, no reason', guidelineId: 'Triage.SoreThroat', kind: 'triage', recommendations: [AE], type: 'EMERGENCY_INDICATION' },
  {
    name: 'Emergency indication top referral',
    guidelineId: 'Triage.Headache',
    kind: 'triage',
    recommendations: [EMERGENCY, ROUTINE],
    type: 'EMERGENCY_INDICATION',
  },
  {
    name: 'A&E with a valid reason',
    guidelineId: 'Triage.SoreThroat',
    kind: 'triage',
    recommendations: [AE],
    overrideReason: 'by_end_tomorrow',
    type: 'CONSULTATION_REQUEST',
  },
  {
    name: 'A&E with none_of_the_above',
    guidelineId: 'Triage.SoreThroat',
    kind: 'triage',
    recommendations: [AE],
    overrideReason: 'none_of_the_above',
    type: 'EMERGENCY_INDICATION',
  },
  {
    name: 'A&E with an empty reason',
    guidelineId: 'Triage.SoreThroat',
    kind: 'triage',
    recommendations: [AE],
    overrideReason: '',
    type: 'EMERGENCY_INDICATION',
  },
  { name: 'A&E lower down, routine on top', guidelineId: 'Triage.SoreThroat', kind: 'triage', recommendations: [ROUTINE, AE], type: 'CONSULTATION_REQUEST' },
  { name: 'eligibility pathway', guidelineId: 'Eligibility.FluVaccination', kind: 'eligibility', recommendations: [ROUTINE], type: 'ELIGIBILITY_BOOKING' },
  {
    name: 'eligibility pathway with an A&E result',
    guidelineId: 'Eligibility.FirstContactPhysio',
    kind: 'eligibility',
    recommendations: [AE],
    type: 'EMERGENCY_INDICATION',
  },
  {
    name: 'eligibility pathway with a valid reason',
    guidelineId: 'Eligibility.FirstContactPhysio',
    kind: 'eligibility',
    recommendations: [AE],
    overrideReason: 'patient_override_for_gp',
    type: 'ELIGIBILITY_BOOKING',
  },
  { name: 'child pathway', guidelineId: 'Form.U16.Fever', kind: 'child', recommendations: [ROUTINE], type: 'CHILD_REQUEST' },
  { name: 'child pathway with an A&E result', guidelineId: 'Form.U16.Fever', kind: 'child', recommendations: [AE], type: 'EMERGENCY_INDICATION' },
  {
    name: 'child pathway with a valid reason',
    guidelineId: 'Form.U16.Rash',
    kind: 'child',
    recommendations: [AE],
    overrideReason: 'by_end_tomorrow',
    type: 'CHILD_REQUEST',
  },
  { name: 'no result', guidelineId: 'Triage.Headache', kind: 'triage', recommendations: [], type: 'CONSULTATION_REQUEST' },
  { name: 'routine', guidelineId: 'Triage.Headache', kind: 'triage', recommendations: [ROUTINE], type: 'CONSULTATION_REQUEST' },
];

describe('classification (common/classification.ts): every row, as the browser labels it and the server decides it', () => {
  it.each(TABLE)('$name → $type', ({ kind, recommendations, overrideReason, type }) => {
    const app = classifyRequest({ kind, recommendations, ...(overrideReason !== undefined ? { overrideReason } : {}) }).triageRequestType;
    const server = classifyTriage({ kind, recommendations, overrideReason, offeredReasonIds: OFFERED });
    expect(app).toBe(type);
    expect(server).toBe(type);
  });

  it('the server does not count a reason the practice does not offer', () => {
    expect(classifyTriage({ kind: 'triage', recommendations: [AE], overrideReason: 'made_up', offeredReasonIds: OFFERED })).toBe('EMERGENCY_INDICATION');
    expect(
      isOfferedValidReason(
        'made_up',
        OFFERED.map((id) => ({ id })),
      ),
    ).toBe(false);
    expect(
      isOfferedValidReason(
        'by_end_tomorrow',
        OFFERED.map((id) => ({ id })),
      ),
    ).toBe(true);
    expect(
      isOfferedValidReason(
        'none_of_the_above',
        OFFERED.map((id) => ({ id })),
      ),
    ).toBe(false);
  });
});

describe('the safety check', () => {
  it.each([
    [{}, undefined],
    [{ drinksFluids: true, breathsNormally: true, passesUrine: true }, undefined],
    [{ drinksFluids: true, breathsNormally: true, passesUrine: true, ableToStandOrWalk: true }, 'not-urgent'],
    [{ drinksFluids: true, breathsNormally: false, passesUrine: true, ableToStandOrWalk: true }, 'urgent'],
    [{ drinksFluids: false, breathsNormally: false, passesUrine: false, ableToStandOrWalk: false }, 'urgent'],
  ] as const)('%j → %s', (answers, expected) => {
    expect(safetyResult(answers)).toBe(expected);
  });

  it.each([
    [{ medicalOff: true, aneSubmission: true, guidelineId: 'Triage.SoreThroat', kind: 'triage' as const }, SERVICE_CLOSED_PATH],
    [{ medicalOff: true, aneSubmission: false, guidelineId: 'Form.U16.Fever', kind: 'child' as const }, SERVICE_CLOSED_PATH],
    [{ medicalOff: false, aneSubmission: true, guidelineId: 'Triage.SoreThroat', kind: 'triage' as const }, SUBMIT_EMERGENCY_PATH],
    [{ medicalOff: false, aneSubmission: false, guidelineId: 'Triage.SoreThroat', kind: 'triage' as const }, TRIAGE_SIGNPOST_PATH],
    [{ medicalOff: false, aneSubmission: true, guidelineId: 'Eligibility.FirstContactPhysio', kind: 'eligibility' as const }, TRIAGE_SIGNPOST_PATH],
    [{ medicalOff: false, aneSubmission: true, guidelineId: 'Form.U16.Fever', kind: 'child' as const }, TRIAGE_SIGNPOST_PATH],
  ])('Next with %j goes to %s', (input, expected) => {
    expect(afterSafetyCheck(input)).toBe(expected);
  });

  it('the urgent branch starts at the safety check, except for the kinds that go straight to the signpost', () => {
    expect(urgentEntry('triage')).toBe(EMERGENCY_QUESTIONS_PATH);
    expect(urgentEntry('eligibility')).toBe(TRIAGE_SIGNPOST_PATH);
    expect(urgentEntry('child')).toBe(TRIAGE_SIGNPOST_PATH);
  });
});

describe('after a valid override reason', () => {
  const withEmail = {
    firstName: 'A',
    lastName: 'B',
    dateOfBirth: '1985-04-12',
    sexAtBirth: 'female',
    postCode: 'LS1 4AP',
    contactDetails: { emailAddress: 'a@example.com' },
  } as const;
  const noEmail = { ...withEmail, contactDetails: {} };
  it.each([
    ['AI-led, email, no patient context → booking', { patient: withEmail, aiLed: true, hasPatientContext: false, manualAuth: true }, 'book'],
    ['AI-led with patient context → send', { patient: withEmail, aiLed: true, hasPatientContext: true, manualAuth: true }, 'send'],
    ['not AI-led, email → send', { patient: withEmail, aiLed: false, hasPatientContext: false, manualAuth: true }, 'send'],
    [
      'no email, manual authentication on → add contact details',
      { patient: noEmail, aiLed: true, hasPatientContext: false, manualAuth: true },
      'add-contact-details',
    ],
    ['no email, manual authentication off → send', { patient: noEmail, aiLed: false, hasPatientContext: false, manualAuth: false }, 'send'],
  ] as const)('%s', (_name, input, expected) => {
    expect(afterOverride({ ...input, validation: undefined })).toBe(expected);
  });

  it('no email but a contact update requested → send', () => {
    expect(
      afterOverride({
        patient: noEmail,
        validation: { hasEmail: false, hasPhone: true, isMatchingEmail: false, isMatchingPhone: true, isUpdateContactRequested: true },
        manualAuth: true,
        aiLed: false,
        hasPatientContext: true,
      }),
    ).toBe('send');
  });
});

describe('bounce, custom data and the body', () => {
  const reached: SafetyState = {
    reachedEmergencyQuestions: true,
    answers: { drinksFluids: true, breathsNormally: false, passesUrine: true, ableToStandOrWalk: true },
  };

  it('pages after the safety check bounce unless a valid override reason was given', () => {
    expect(bouncesAfterSafetyCheck(undefined)).toBe(false);
    expect(bouncesAfterSafetyCheck({ reachedEmergencyQuestions: false, answers: {} })).toBe(false);
    expect(bouncesAfterSafetyCheck(reached)).toBe(true);
    expect(bouncesAfterSafetyCheck({ ...reached, overrideReason: 'none_of_the_above' })).toBe(true);
    expect(bouncesAfterSafetyCheck({ ...reached, overrideReason: 'by_end_tomorrow' })).toBe(false);
  });

  it('stores the override as the four custom data keys', () => {
    expect(overrideCustomData('by_end_tomorrow', [AE])).toEqual([
      { key: 'isAnEOverride', type: 'BOOLEAN', value: true },
      { key: 'anEOverrideReferralId', type: 'STRING', value: 'ref-ae' },
      { key: 'anEOverrideReason', type: 'STRING', value: 'by_end_tomorrow' },
      { key: 'anEOverrideReasonValid', type: 'BOOLEAN', value: true },
    ]);
    expect(overrideCustomData('none_of_the_above', [AE]).at(-1)).toEqual({ key: 'anEOverrideReasonValid', type: 'BOOLEAN', value: false });
  });

  it('records the safety answers before the override keys, in the keys the server reads them by', () => {
    const entries = overrideCustomData('by_end_tomorrow', [AE], reached.answers);
    expect(entries.slice(0, 4)).toEqual([
      { key: 'emergencyQuestion.drinksFluids', type: 'BOOLEAN', value: true },
      { key: 'emergencyQuestion.breathsNormally', type: 'BOOLEAN', value: false },
      { key: 'emergencyQuestion.passesUrine', type: 'BOOLEAN', value: true },
      { key: 'emergencyQuestion.ableToStandOrWalk', type: 'BOOLEAN', value: true },
    ]);
    expect([...SAFETY_QUESTION_IDS]).toEqual([...SAFETY_QUESTIONS]);
    expect(recordedSafetyAnswers(entries)).toEqual(reached.answers);
    // One answer missing: the server finds no recorded safety check.
    expect(recordedSafetyAnswers(entries.filter((e) => e.key !== 'emergencyQuestion.passesUrine'))).toBeUndefined();
  });

  const built = (): BuiltConsultation => ({
    triageRequest: {
      patient: { firstName: 'Amelia', lastName: 'Jones', dateOfBirth: '1990-04-02', postCode: 'LS1 4AP' },
      responseData: [],
      triageRequestType: 'EMERGENCY_INDICATION',
      consultation: { type: 'EMERGENCY_INDICATION' },
      guidelineExecution: { identifier: 'exec-1', status: 'COMPLETED', recommendations: [AE] },
    },
    context: { guidelineFinishedOn: '2026-11-23T10:00:00.000Z' },
  });

  it('"Inform the practice": EMERGENCY_INDICATION, committedToConsultGp false, the safety answers with their questions', () => {
    const safety: SafetyState = { ...reached, labels: { breathsNormally: 'Are you breathing normally?' }, choice: 'ATTEND_AE' };
    const body = withSafety(built(), 'triage', safety);
    expect(body.triageRequest.triageRequestType).toBe('EMERGENCY_INDICATION');
    expect(body.triageRequest.consultation).toMatchObject({ type: 'EMERGENCY_INDICATION', committedToConsultGp: false });
    expect(body.triageRequest.emergencyQuestions).toEqual([
      { identifier: 'drinksFluids', answer: 'Yes' },
      { identifier: 'breathsNormally', question: 'Are you breathing normally?', answer: 'No' },
      { identifier: 'passesUrine', answer: 'Yes' },
      { identifier: 'ableToStandOrWalk', answer: 'Yes' },
    ]);
    expect(committedToConsultGp(safety)).toBe(false);
  });

  it('a valid override: CONSULTATION_REQUEST with the reason, committedToConsultGp true', () => {
    const body = withSafety(built(), 'triage', { ...reached, choice: 'GP_ADVICE', overrideReason: 'by_end_tomorrow', overrideLabel: 'By end tomorrow' });
    expect(body.triageRequest).toMatchObject({ triageRequestType: 'CONSULTATION_REQUEST', emergencyOverrideReason: 'by_end_tomorrow' });
    expect(body.triageRequest.consultation).toMatchObject({
      type: 'CONSULTATION_REQUEST',
      committedToConsultGp: true,
      emergencyOverrideLabel: 'By end tomorrow',
    });
  });

  it("a valid override keeps the patient's own words typed before (the own-words page is skipped for urgent results, not what was typed)", () => {
    const patientContext = { patientNeed: { value: 'ADVICE', label: 'I need advice' }, additionalInfo: 'It started after a fall.' };
    const before = built();
    const withWords = { ...before, triageRequest: { ...before.triageRequest, patientContext } };
    const body = withSafety(withWords, 'triage', { ...reached, choice: 'GP_ADVICE', overrideReason: 'by_end_tomorrow' });
    expect((body.triageRequest as Record<string, unknown>).patientContext).toEqual(patientContext);
  });

  it('without the safety check the body is unchanged', () => {
    const before = built();
    expect(withSafety(before, 'triage', undefined)).toBe(before);
  });
});
