// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Execution, Recommendation } from '../../../../../src/api/engine';
import { searchCustomData, sectionLabels, type TriageFlowState } from '../../../../../src/flows/guideline/journey';
import { buildConsultation } from '../../../../../src/flows/guideline/consultationBody';
import { routeAfterTriage } from '../../../../../src/flows/guideline/routeAfterTriage';
import { engineUrl } from '../../../../../src/api/engine';
import { bookingFlow } from '../../../../../src/flows/bookingRequest';
import { handOverToBooking, medicalBookingRequest } from '../../../../../src/flows/triage/bookingHandover';
import type { Patient } from '../../../../../src/patient-details/patient';
import { SETTINGS_DEFAULTS } from '../../../../../src/settings/defaults';
import { rememberEntryParams } from '../../../../../src/session/entryParams';
import type { FormDocument } from '../../../../../renderer/index';

const withEmail: Patient = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  sexAtBirth: 'female',
  postCode: 'LS1 4AP',
  contactDetails: { emailAddress: 'a@example.com', mobilePhoneNumber: '07700900123' },
};
const noEmail: Patient = { ...withEmail, contactDetails: {} };
const routine: Recommendation = {
  id: 'routine',
  type: 'Recommendation',
  title: 'Routine',
  evidence: [],
  actions: [{ type: 'Referral', referralId: 'ref-routine', label: 'Routine appointment' }],
};
const ae: Recommendation = {
  id: 'ae',
  type: 'Recommendation',
  title: 'A&E',
  evidence: [],
  actions: [{ type: 'Referral', referralId: 'ref-ae', label: 'A&E' }],
};
const base = { kind: 'triage' as const, recommendations: [routine], freeTextEnabled: false, patient: withEmail, validation: undefined, manualAuth: true };
const tiered = (id: string, tier: string, referral?: [string, string]): Recommendation =>
  ({
    id,
    type: 'Recommendation',
    tier,
    title: id,
    evidence: [],
    actions: referral
      ? [{ type: 'Referral', referralId: referral[0], label: referral[1] }]
      : [{ type: 'Management', managementType: 'Self help content', text: 'Rest.' }],
  }) as Recommendation;
const call999 = tiered('stroke', 'CALL_999', ['ref-emergency', 'Emergency indication']);
const urgentToday = tiered('kidney', 'URGENT_TODAY', ['ref-urgent-callback', 'Urgent callback from a GP']);
const pharmacy = tiered('uti', 'PHARMACY');
const selfCare = tiered('cold-sore', 'SELF_CARE');

describe('the tier decides the ending (common/endings.ts)', () => {
  it.each([
    ['999: the emergency screen, no safety questions', { recommendations: [call999] }, '/triage/get-help-now'],
    ["a child's A&E: the emergency screen", { kind: 'child' as const, recommendations: [ae] }, '/triage/get-help-now'],
    ["an adult's A&E: the safety branch", { recommendations: [ae] }, 'urgent'],
    [
      'urgent today, with an email on a pathway that offers slots: the urgent screen first',
      { recommendations: [urgentToday], checkForAppointments: true },
      '/triage/urgent-today',
    ],
    [
      'urgent today, gone on from its screen: the booking screen (today only)',
      { recommendations: [urgentToday], checkForAppointments: true, pastEnding: true },
      '/appointment/book-appointment',
    ],
    ['pharmacy: the Pharmacy First screen, never the booking list', { recommendations: [pharmacy], checkForAppointments: true }, '/triage/pharmacy'],
    [
      'pharmacy, asked the practice instead: a routine request (own words first)',
      { recommendations: [pharmacy], freeTextEnabled: true, pastEnding: true },
      '/triage/your-own-words',
    ],
    ['self-care: the self-care screen', { recommendations: [selfCare], checkForAppointments: true }, '/triage/self-care'],
    [
      'self-care, still asking the practice: booking when the pathway offers slots',
      { recommendations: [selfCare], checkForAppointments: true, pastEnding: true },
      '/appointment/book-appointment',
    ],
    ['the most urgent recommendation decides: self-care beside 999', { recommendations: [selfCare, call999] }, '/triage/get-help-now'],
  ])('%s', (_name, input, expected) => {
    expect(routeAfterTriage({ ...base, ...input })).toBe(expected);
  });
});

describe('where the patient goes after the questionnaire', () => {
  it.each([
    ['an urgent result goes to the safety branch', { recommendations: [ae] }, 'urgent'],
    ['free text on: patient context first', { freeTextEnabled: true }, '/triage/your-own-words'],
    ['after patient context, with an email: complete', { freeTextEnabled: true, afterPatientContext: true }, '/triage/complete'],
    ['with an email: complete', {}, '/triage/complete'],
    ['a pathway that checks for appointments, with an email: the booking screen', { checkForAppointments: true }, '/appointment/book-appointment'],
    [
      'checks for appointments, after patient context: the booking screen',
      { checkForAppointments: true, freeTextEnabled: true, afterPatientContext: true },
      '/appointment/book-appointment',
    ],
    ['checks for appointments, free text on: patient context first', { checkForAppointments: true, freeTextEnabled: true }, '/triage/your-own-words'],
    ['checks for appointments but no email: add contact details', { checkForAppointments: true, patient: noEmail }, '/add-contact-details'],
    ['no email, manual authentication on: add contact details', { patient: noEmail }, '/add-contact-details'],
    // The phone-reply choice was made at the patient-details step; it is not asked again.
    ['no email, phone reply chosen: triage complete', { patient: noEmail, replyByPhone: true }, '/triage/complete'],
    [
      'no email but a contact update requested: complete',
      { patient: noEmail, validation: { hasEmail: false, hasPhone: true, isMatchingEmail: false, isMatchingPhone: false, isUpdateContactRequested: true } },
      '/triage/complete',
    ],
    [
      'no email on the request but one on record: complete',
      { patient: noEmail, validation: { hasEmail: true, hasPhone: true, isMatchingEmail: false, isMatchingPhone: false, isUpdateContactRequested: false } },
      '/triage/complete',
    ],
    ['no email, manual authentication off: complete', { patient: noEmail, manualAuth: false }, '/triage/complete'],
    ['eligibility with no result: something went wrong', { kind: 'eligibility', recommendations: [] }, '/eligibility/something-went-wrong'],
    [
      'eligibility self-help',
      { kind: 'eligibility', recommendations: [{ ...routine, actions: [{ type: 'Management', managementType: 'Self help content', text: 'x' }] }] },
      '/eligibility/self-help',
    ],
    [
      'eligibility signpost',
      { kind: 'eligibility', recommendations: [{ ...routine, actions: [{ type: 'Management', managementType: 'Signpost copy', text: 'x' }] }] },
      '/eligibility/signpost',
    ],
  ] as const)('%s', (_name, patch, expected) => {
    expect(routeAfterTriage({ ...base, ...patch } as Parameters<typeof routeAfterTriage>[0])).toBe(expected);
  });
});

describe('the consultation body', () => {
  const execution: Execution = {
    identifier: 'exec-1',
    guidelineId: 'Triage.SoreThroat',
    version: '1.0.0',
    status: 'COMPLETED',
    customData: [],
    recommendations: [routine],
    requiredData: [],
    section: null,
    responseData: [
      { observationType: 'BINARY', observationRecord: 'main', identifier: 'hasFever', answer: [{ value: true }] },
      { observationType: 'DROPDOWN', observationRecord: 'main', identifier: 'howLong', answer: [{ value: 'week', apiName: 'week' }] },
    ],
  };
  const state: TriageFlowState = {
    selection: {
      guidelineId: 'Triage.SoreThroat',
      kind: 'triage',
      label: 'Sore throat',
      searchType: 'MAIN',
      searchTerm: 'throat hurts',
      searchMatches: ['Triage.SoreThroat'],
    },
    patient: withEmail,
    execution,
    finishedTriage: true,
    finishedOn: '2026-11-23T10:00:00.000Z',
    drafts: {},
    labels: { hasFever: { label: 'Do you have a fever?' }, howLong: { label: 'How long?', options: { week: 'About a week' } } },
    patientContext: { patientNeed: { value: 'ADVICE', label: 'I need advice' }, additionalInfo: 'No' },
  };
  const settings = { ...SETTINGS_DEFAULTS, urgencyByReferralId: { 'ref-routine': { urgency: 'TRoutine' as const, colour: 'GREEN' as const } } };

  it('carries the type and appointment type read from the home URL', () => {
    sessionStorage.clear();
    // Default: no type, appointment type routine.
    expect(buildConsultation({ state, settings, now: new Date() }).triageRequest.consultation).toMatchObject({ appointmentType: 'routine' });
    expect(buildConsultation({ state, settings, now: new Date() }).triageRequest.consultation).not.toHaveProperty('entryType');
    // The practice's link, remembered by the home page for the session.
    rememberEntryParams('?type=SMS_INVITE&appointmentType=Same_day_appointment&channel=SMS');
    const { consultation } = buildConsultation({ state, settings, now: new Date() }).triageRequest;
    expect(consultation).toMatchObject({ appointmentType: 'Same_day_appointment', entryType: 'SMS_INVITE' });
    sessionStorage.clear();
  });

  it('carries the patient, labelled answers, the consultation, context and urgency', () => {
    const { triageRequest, context } = buildConsultation({ state, settings, channel: 'SMS', now: new Date('2026-11-23T10:05:00Z') });
    expect(triageRequest.triageRequestType).toBe('CONSULTATION_REQUEST');
    expect(triageRequest.responseData[0]).toMatchObject({ identifier: 'hasFever', label: 'Do you have a fever?' });
    expect(triageRequest.responseData[1]!.answer?.[0]).toMatchObject({ value: 'week', label: 'About a week' });
    expect(triageRequest.consultation).toMatchObject({
      finish: '2026-11-23T10:00:00.000Z',
      guidelineName: 'Sore throat',
      executionId: 'exec-1',
      channel: 'SMS',
      guidelineId: 'Triage.SoreThroat',
      pathwayVersion: '1.0.0',
      usedGuidelines: ['Triage.SoreThroat'],
      urgency: 'TRoutine',
      urgencyColour: 'GREEN',
    });
    expect(triageRequest.patientContext).toEqual(state.patientContext);
    expect(triageRequest.notificationEvents).toEqual([{ channel: 'EMAIL', event: 'REQUEST_RECEIVED' }]);
    expect(context).toEqual({ reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false, guidelineFinishedOn: '2026-11-23T10:00:00.000Z' });
  });

  it('refuses to build before the questionnaire is finished', () => {
    expect(() => buildConsultation({ state: { ...state, execution: undefined }, settings, now: new Date() })).toThrow();
  });
});

describe('helpers', () => {
  it('sends how the pathway was found as STRING custom data', () => {
    expect(searchCustomData({ guidelineId: 'x', kind: 'triage', label: 'X', searchType: 'SIMILAR', searchTerm: 'hedache', searchMatches: ['a', 'b'] })).toEqual(
      [
        { key: 'conditionSearchType', type: 'STRING', value: 'SIMILAR' },
        { key: 'conditionSearchTerm', type: 'STRING', value: 'hedache' },
        { key: 'conditionSearchMatches', type: 'STRING', value: 'a,b' },
      ],
    );
  });

  it('reads question and option labels from a section document', () => {
    const doc = {
      id: 's',
      title: 's',
      pages: [{ title: 's', fields: ['a', 'b'] }],
      schema: {
        type: 'object',
        properties: { a: { type: 'boolean', title: 'A?' }, b: { type: 'array', title: 'B?', items: { type: 'string', oneOf: [{ const: 'x', title: 'Ex' }] } } },
      },
    } as unknown as FormDocument;
    expect(sectionLabels(doc)).toEqual({ a: { label: 'A?' }, b: { label: 'B?', options: { x: 'Ex', NONE_OF_THE_ABOVE: 'None of the above' } } });
  });

  it('goes through the engine proxy when useProxy is on', () => {
    expect(engineUrl('/GuidelineExecution/abc/$continue', true)).toBe('/api/v1/engine-proxy?path=%2FGuidelineExecution%2Fabc%2F%24continue');
    expect(engineUrl('/Guideline/Triage.SoreThroat/$start', false)).toBe('/api/v1/fhir/r4/Guideline/Triage.SoreThroat/$start');
  });
});

describe('the medical booking hand-over (startBooking, mode symptom-assessment)', () => {
  beforeEach(() => sessionStorage.clear());
  const execution: Execution = {
    identifier: 'exec-9',
    guidelineId: 'Triage.SoreThroat',
    version: '1.0.0',
    status: 'COMPLETED',
    customData: [],
    recommendations: [routine],
    requiredData: [],
    section: null,
    responseData: [{ observationType: 'BINARY', observationRecord: 'main', identifier: 'hasFever', answer: [{ value: true }] }],
  };
  const state: TriageFlowState = {
    selection: {
      guidelineId: 'Triage.SoreThroat',
      kind: 'triage',
      label: 'Sore throat',
      searchType: 'MAIN',
      searchTerm: 'throat',
      searchMatches: ['Triage.SoreThroat'],
    },
    patient: withEmail,
    execution,
    finishedTriage: true,
    finishedOn: '2026-11-23T10:00:00.000Z',
    aiLed: true,
    useProxy: false,
    drafts: {},
    labels: {},
  };

  it('stores the symptom-assessment request in flow:booking and answers the booking screen', () => {
    expect(handOverToBooking(state, SETTINGS_DEFAULTS)).toBe('/appointment/book-appointment');
    const request = bookingFlow.get().request;
    expect(request).toMatchObject({
      mode: 'symptom-assessment',
      referralId: 'ref-routine',
      guidelineId: 'Triage.SoreThroat',
      aiLed: true,
      guidelineFinishedOn: '2026-11-23T10:00:00.000Z',
      sentPath: '/triage/thank-you',
      sent: { executionId: 'exec-9', useProxy: false },
      triageRequest: { patient: withEmail, consultation: { guidelineId: 'Triage.SoreThroat', executionId: 'exec-9' } },
    });
    expect(JSON.parse(sessionStorage.getItem('flow:booking') ?? '{}').request.mode).toBe('symptom-assessment');
  });

  it("an urgent-today result offers today's slots only, with its own words when none is left; a routine one any day", () => {
    const urgent = medicalBookingRequest({ ...state, execution: { ...execution, recommendations: [urgentToday] } } as TriageFlowState, SETTINGS_DEFAULTS);
    expect(urgent.slotWindow).toBe('TODAY');
    expect(urgent.noSlotsText).toMatch(/call you back today/);
    expect(urgent.noSlotsText).toMatch(/111/);
    expect(medicalBookingRequest(state, SETTINGS_DEFAULTS).slotWindow).toBeUndefined();
  });

  it('after an emergency override carries the safety answers and the reason, classified as a consultation', () => {
    const overridden: TriageFlowState = {
      ...state,
      execution: { ...execution, recommendations: [ae] },
      safety: { reachedEmergencyQuestions: true, answers: { drinksFluids: false }, choice: 'GP_ADVICE', overrideReason: 'by_end_tomorrow' },
    } as TriageFlowState;
    const request = medicalBookingRequest(overridden, SETTINGS_DEFAULTS);
    expect(request.triageRequest.triageRequestType).toBe('CONSULTATION_REQUEST');
    expect(request.triageRequest).toMatchObject({ emergencyOverrideReason: 'by_end_tomorrow' });
  });
});
