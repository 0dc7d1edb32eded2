// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { appointmentSessionsUrl } from '../../../../../src/api/appointments';
import type { Execution, Recommendation } from '../../../../../src/api/engine';
import { availabilityOf, detailsPath } from '../../../../../src/flows/eligibility/EligibilityGuidelinePage';
import { eligibilityGuidelines } from '../../../../../src/flows/eligibility/EligibilityMenuPage';
import {
  appointmentReferral,
  cancelTarget,
  eligibilityBookingRequest,
  managementAction,
  noSlotsCopy,
  sessionHome,
  startEligibilityBooking,
  ELIGIBILITY_MENU,
} from '../../../../../src/flows/guideline/eligibilityFlow';
import { bookingFlow } from '../../../../../src/flows/bookingRequest';
import { type TriageFlowState } from '../../../../../src/flows/guideline/journey';
import { BOOK_APPOINTMENT_PATH, routeAfterTriage } from '../../../../../src/flows/guideline/routeAfterTriage';
import { associatedFor } from '../../../../../src/flows/guideline/useTriageSender';
import type { Patient } from '../../../../../src/patient-details/patient';
import { SETTINGS_DEFAULTS } from '../../../../../src/settings/defaults';
import { FIXTURE_PATIENT } from '../../../support/app/fixturePatient';

const patient: Patient = FIXTURE_PATIENT;
const selfHelp: Recommendation = {
  id: 'self-help',
  type: 'Consideration',
  title: 'Try self-help first',
  evidence: [],
  actions: [
    {
      type: 'Management',
      managementType: 'Self help content',
      text: 'Keep moving.',
      links: [{ label: 'Back pain - NHS', url: 'https://www.nhs.uk/conditions/back-pain/' }],
    },
  ],
};
const appointment: Recommendation = {
  id: 'appointment',
  type: 'Recommendation',
  title: 'Book',
  evidence: [],
  actions: [{ type: 'Referral', referralId: 'ref-routine', label: 'First contact physiotherapy appointment' }],
};
const signpost: Recommendation = {
  id: 'gp',
  type: 'NotRecommended',
  title: 'Speak to a GP',
  evidence: [],
  actions: [{ type: 'Management', managementType: 'Signpost copy', text: 'Call us.' }],
};
const base = { kind: 'eligibility' as const, freeTextEnabled: true, patient, validation: undefined, manualAuth: true };

function state(recommendations: Recommendation[]): TriageFlowState {
  const execution: Execution = {
    identifier: 'exec-1',
    guidelineId: 'Eligibility.FirstContactPhysio',
    version: '1.0.0',
    status: 'COMPLETED',
    customData: [],
    recommendations,
    requiredData: [],
    section: null,
    responseData: [
      { identifier: 'fcpWeeks', observationType: 'NUMERIC', observationRecord: 'fcpWeeks', answer: [{ value: 4 }] },
    ] as unknown as Execution['responseData'],
  };
  return {
    selection: {
      guidelineId: execution.guidelineId,
      kind: 'eligibility',
      label: 'First contact physiotherapy',
      searchType: 'ALL_OPTIONS',
      searchTerm: '',
      searchMatches: [],
    },
    patient,
    executionId: 'exec-1',
    execution,
    finishedTriage: true,
    finishedOn: '2026-11-23T10:00:00.000Z',
    drafts: {},
    labels: {},
  };
}

describe('where an eligibility pathway ends', () => {
  it.each([
    ['an appointment outcome: the booking screen (before patient context)', [appointment], BOOK_APPOINTMENT_PATH],
    ['self-help on top: the self-help choice', [selfHelp, appointment], '/eligibility/self-help'],
    ['a signpost on top: the signpost', [signpost, appointment], '/eligibility/signpost'],
    ['no result: something went wrong', [], '/eligibility/something-went-wrong'],
  ])('%s', (_name, recommendations, target) => {
    expect(routeAfterTriage({ ...base, recommendations })).toBe(target);
  });
});

describe('the eligibility booking hand-over (startBooking, mode eligibility)', () => {
  beforeEach(() => sessionStorage.clear());

  it('carries the pathway, the appointment referral and the eligibility request body', () => {
    const request = eligibilityBookingRequest(state([appointment]), SETTINGS_DEFAULTS, new Date('2026-11-23T10:05:00Z'))!;
    expect(request).toMatchObject({
      mode: 'eligibility',
      guidelineId: 'Eligibility.FirstContactPhysio',
      referralId: 'ref-routine',
      cancelPath: '/eligibility/guideline?guideline=Eligibility.FirstContactPhysio',
    });
    expect(request.eligibilityBooking).toMatchObject({
      triageRequestType: 'ELIGIBILITY_BOOKING',
      patient,
      consultation: { guidelineId: 'Eligibility.FirstContactPhysio', executionId: 'exec-1' },
    });
  });

  it('carries the pathway\'s "No slots copy" of the appointment it books, and none when the pathway has none', () => {
    const withCopy: Recommendation = {
      ...appointment,
      actions: [...appointment.actions, { type: 'Management', managementType: 'No slots copy', text: ' Please try again tomorrow. ' }],
    };
    expect(noSlotsCopy([selfHelp, withCopy])).toBe('Please try again tomorrow.');
    expect(eligibilityBookingRequest(state([withCopy]), SETTINGS_DEFAULTS)!.noSlotsText).toBe('Please try again tomorrow.');
    expect(noSlotsCopy([appointment])).toBeUndefined();
    expect(eligibilityBookingRequest(state([appointment]), SETTINGS_DEFAULTS)!).not.toHaveProperty('noSlotsText');
  });

  it("Cancel goes back to an eligibility pathway's page (its return target), home for any other pathway", () => {
    expect(cancelTarget({ guidelineId: 'Eligibility.FirstContactPhysio', kind: 'eligibility' })).toBe(
      '/eligibility/guideline?guideline=Eligibility.FirstContactPhysio',
    );
    expect(cancelTarget({ guidelineId: 'Triage.SoreThroat', kind: 'triage' })).toBe('/');
    expect(cancelTarget(undefined)).toBe('/');
  });

  it('stores the request for the booking screen (sessionStorage flow:booking) and answers its path', () => {
    expect(startEligibilityBooking(state([appointment]), SETTINGS_DEFAULTS)).toBe(BOOK_APPOINTMENT_PATH);
    expect(JSON.parse(sessionStorage.getItem('flow:booking') ?? '{}')).toMatchObject({
      request: { mode: 'eligibility', referralId: 'ref-routine', eligibilityBooking: { triageRequestType: 'ELIGIBILITY_BOOKING' } },
    });
    expect(bookingFlow.get().request?.mode).toBe('eligibility');
    expect(sessionStorage.getItem('handoff:eligibility-booking')).toBeNull();
  });

  it('takes the referral of the appointment outcome under a self-help one, with the self-help email event', () => {
    const request = eligibilityBookingRequest(state([selfHelp, appointment]), SETTINGS_DEFAULTS)!;
    expect(request.referralId).toBe('ref-routine');
    expect(request.eligibilityBooking.notificationEvents).toEqual(expect.arrayContaining([{ channel: 'EMAIL', event: 'SELF_HELP' }]));
  });

  it('is not started when there is nothing to book', () => {
    expect(eligibilityBookingRequest(state([signpost]), SETTINGS_DEFAULTS)).toBeUndefined();
    expect(startEligibilityBooking({ drafts: {}, labels: {} }, SETTINGS_DEFAULTS)).toBeUndefined();
    expect(sessionStorage.getItem('flow:booking')).toBeNull();
  });

  it('finds the outcome actions', () => {
    expect(appointmentReferral([signpost, appointment])?.referralId).toBe('ref-routine');
    expect(managementAction([selfHelp], 'Self help content')?.text).toBe('Keep moving.');
    expect(managementAction([appointment, selfHelp], 'Self help content')).toBeUndefined();
  });
});

describe('the eligibility menu and pathway page', () => {
  it('lists eligibility pathways only, sorted by label', () => {
    const list = eligibilityGuidelines([
      { guidelineId: 'Eligibility.FluVaccination', kind: 'eligibility', label: 'Flu vaccination' },
      { guidelineId: 'Eligibility.BloodTest', kind: 'eligibility', label: 'Blood test' },
      { guidelineId: 'Triage.Headache', kind: 'triage', label: 'Headache' },
      'junk',
    ]);
    expect(list.map((g) => g.label)).toEqual(['Blood test', 'Flu vaccination']);
    expect(eligibilityGuidelines(undefined)).toEqual([]);
  });

  it('warns of no appointments only when the practice answered with none', () => {
    expect(availabilityOf({ hasAvailableAppointments: false, sites: [], slotTypes: [], sessionHolders: [] })).toBe('none');
    expect(availabilityOf({ hasAvailableAppointments: true, firstAvailableDate: '2026-11-24', sites: [], slotTypes: [], sessionHolders: [] })).toBe('some');
    expect(availabilityOf([])).toBe('unknown');
    expect(availabilityOf({ availableAppointmentSessions: [] })).toBe('unknown');
    expect(availabilityOf(undefined)).toBe('unknown');
    expect(availabilityOf({ message: 'Not Found' })).toBe('unknown');
  });

  it('asks the sessions call of the api layer for the expected referral and the pathway', () => {
    expect(appointmentSessionsUrl('ref-routine', 'Eligibility.FirstContactPhysio')).toBe(
      '/api/v1/triage/nhs/appointment/sessions?referralId=ref-routine&guidelineId=Eligibility.FirstContactPhysio',
    );
    expect(appointmentSessionsUrl('ref-routine')).toBe('/api/v1/triage/nhs/appointment/sessions?referralId=ref-routine');
  });

  it('goes to the triage patient-details step of the pathway', () => {
    expect(detailsPath('Eligibility.FirstContactPhysio')).toBe('/triage/patient-details?guideline=Eligibility.FirstContactPhysio');
  });

  it('remembers the standard-appointments menu as home for the session', () => {
    const store = new Map<string, string>();
    const fake = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    (globalThis as { sessionStorage?: unknown }).sessionStorage = fake;
    try {
      expect(sessionHome()).toBe('/');
      store.set('session:home', ELIGIBILITY_MENU);
      expect(sessionHome()).toBe(ELIGIBILITY_MENU);
      store.set('session:home', 'https://evil.example/');
      expect(sessionHome()).toBe('/');
    } finally {
      delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});

describe('child requests are sent as unauthenticated child requests', () => {
  it('adds UNAUTHENTICATED_CHILD_REQUEST to a Form.U16 request, and nothing to others', () => {
    expect(associatedFor('child', undefined)).toEqual({ triageRequestType: 'UNAUTHENTICATED_CHILD_REQUEST', formType: 'UNAUTHENTICATED_CHILD_REQUEST' });
    expect(associatedFor('triage', undefined)).toBeUndefined();
    // A patient with no usable email who asked for a phone reply.
    expect(associatedFor('triage', undefined, true)).toEqual({
      triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT',
      formType: 'PATIENT_REFUSED_UPDATE_CONTACT',
    });
    const refused = { triageRequestType: 'PATIENT_REFUSED_UPDATE_CONTACT', formType: 'PATIENT_REFUSED_UPDATE_CONTACT' } as const;
    expect(associatedFor('triage', refused)).toBe(refused);
  });
});
