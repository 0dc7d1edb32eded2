// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { availabilityUrl, bookingCall, isSafeNavigationLink, type AvailableAppointmentSession } from '../../../../src/api/appointments';
import {
  availabilityQueryOf,
  bookingCallOf,
  bookingFlow,
  bookingPath,
  cancelPathOf,
  clearBooking,
  isReschedule,
  requestForUrl,
  startBooking,
  type BookingRequest,
} from '../../../../src/flows/bookingRequest';
import { appointmentInWords, linkStateTitle } from '../../../../src/flows/booking/appointmentWords';

const patient = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP' };
const session = { id: 's', date: '2026-11-24', siteName: 'Main', sessionHolders: [], slots: [] } as AvailableAppointmentSession;
const choice = { appointmentSlotId: 'slot-1', availableAppointmentSession: session };

describe('the booking request hand-over (sessionStorage flow:booking)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    clearBooking();
  });

  it('stores the request in sessionStorage only and answers the book-appointment path', () => {
    const path = startBooking({ mode: 'symptom-assessment', triageRequest: { patient, triageRequestType: 'CONSULTATION_REQUEST' }, referralId: 'ref-nurse' });
    expect(path).toBe('/appointment/book-appointment');
    expect(JSON.parse(sessionStorage.getItem('flow:booking') ?? '{}')).toMatchObject({ request: { mode: 'symptom-assessment', referralId: 'ref-nurse' } });
    expect(localStorage.length).toBe(0);
    clearBooking();
    expect(sessionStorage.getItem('flow:booking')).toBeNull();
  });

  it('puts each link mode’s id in ad / sb / db, and only accepts the stored request for that URL', () => {
    const self: BookingRequest = { mode: 'self', linkUUID: 'L1', consultationId: 'C', dateOfBirth: '1985-04-12' };
    expect(bookingPath(self)).toBe('/appointment/book-appointment?sb=L1');
    expect(bookingPath({ mode: 'reschedule', linkUUID: 'L2', consultationId: 'C' })).toBe('/appointment/book-appointment?ad=L2');
    expect(bookingPath({ mode: 'direct', linkUUID: 'L3', patient })).toBe('/appointment/book-appointment?db=L3');
    expect(requestForUrl(self, new URLSearchParams('sb=L1'))).toBe(self);
    expect(requestForUrl(self, new URLSearchParams('sb=OTHER'))).toBeUndefined();
    expect(requestForUrl(self, new URLSearchParams(''))).toBeUndefined();
    expect(requestForUrl(undefined, new URLSearchParams('sb=L1'))).toBeUndefined();
  });

  it('selects slots by referral with the patient, AI-led, or by link with its proof', () => {
    const medical: BookingRequest = {
      mode: 'symptom-assessment',
      triageRequest: { patient, triageRequestType: 'CONSULTATION_REQUEST' },
      referralId: 'ref-nurse',
      guidelineId: 'g1',
    };
    expect(availabilityUrl(availabilityQueryOf(medical))).toBe(
      '/api/v1/triage/nhs/available/appointments?referralId=ref-nurse&guidelineId=g1&firstName=Amelia&lastName=Testwell&postcode=LS1+4AP&dateOfBirth=1985-04-12',
    );
    expect(availabilityUrl(availabilityQueryOf({ ...medical, aiLed: true }))).toMatch(/^\/api\/v1\/triage\/nhs\/appointments\/availability\/ai-led\?/);
    expect(availabilityUrl(availabilityQueryOf({ mode: 'self', linkUUID: 'L1', consultationId: 'C', dateOfBirth: '1985-04-12' }))).toBe(
      '/api/v1/triage/nhs/available/appointments?linkUUID=L1&dateOfBirth=1985-04-12',
    );
    expect(availabilityUrl(availabilityQueryOf({ mode: 'reschedule', linkUUID: 'L2', consultationId: 'C' }))).toBe(
      '/api/v1/triage/nhs/available/appointments?linkUUID=L2',
    );
  });

  it('makes the booking call of each mode; BOOKED or RESCHEDULED makes the action a reschedule', () => {
    const self: BookingRequest = { mode: 'self', linkUUID: 'L1', consultationId: 'C', dateOfBirth: '1985-04-12' };
    expect(bookingCall(bookingCallOf(self), choice).url).toBe('/api/v1/triage/nhs/book/appointment?linkUUID=L1');
    for (const status of ['BOOKED', 'RESCHEDULED'] as const) {
      const booked = { ...self, appointmentStatus: status };
      expect(isReschedule(booked)).toBe(true);
      expect(bookingCall(bookingCallOf(booked), choice).url).toBe('/api/v1/triage/nhs/reschedule/appointment?linkUUID=L1');
    }
    expect(isReschedule({ ...self, appointmentStatus: 'CANCELLED' })).toBe(false);
    expect(bookingCall(bookingCallOf({ mode: 'direct', linkUUID: 'L3', patient }), choice)).toEqual({
      url: '/api/v1/triage/patient/direct-booking',
      body: { appointmentSlotId: 'slot-1', availableAppointmentSession: session, linkUUID: 'L3', patient },
    });
    const eligibility = bookingCall(
      bookingCallOf({
        mode: 'eligibility',
        guidelineId: 'Eligibility.FirstContactPhysio',
        eligibilityBooking: { patient, triageRequestType: 'ELIGIBILITY_BOOKING' },
      }),
      { ...choice, selectedSessionHolders: ['H1'] },
    );
    expect(eligibility).toEqual({
      url: '/api/v1/triage/patient/eligibility-booking',
      body: {
        eligibilityBooking: { patient, triageRequestType: 'ELIGIBILITY_BOOKING' },
        appointmentSlotId: 'slot-1',
        availableAppointmentSession: session,
        selectedSessionHolders: ['H1'],
      },
    });
    const medical = bookingCall(
      bookingCallOf({
        mode: 'symptom-assessment',
        triageRequest: { patient, triageRequestType: 'CONSULTATION_REQUEST' },
        guidelineFinishedOn: '2026-11-23T10:00:00.000Z',
      }),
      choice,
    );
    expect(medical.url).toBe('/api/v1/triage/patient/symptom/assessments/book/appointment');
    expect(medical.body).toMatchObject({ guidelineFinishedOn: '2026-11-23T10:00:00.000Z', appointmentSlotId: 'slot-1' });
  });

  it('cancels back to the appointment for a reschedule, else to the given path or home', () => {
    expect(cancelPathOf({ mode: 'reschedule', linkUUID: 'L2', consultationId: 'C' })).toBe('/appointment/details?lid=L2');
    expect(cancelPathOf({ mode: 'self', linkUUID: 'L1', consultationId: 'C', dateOfBirth: 'x', cancelPath: '/x' })).toBe('/x');
    expect(cancelPathOf(undefined)).toBe('/');
  });

  it('follows only navigation links on this origin’s API', () => {
    expect(isSafeNavigationLink('/api/v1/triage/nhs/available/appointments?from=2026-11-30')).toBe(true);
    expect(isSafeNavigationLink('https://evil.example/api/')).toBe(false);
    expect(isSafeNavigationLink('//evil.example/api/')).toBe(false);
  });

  it('keeps the filters in the same store', () => {
    startBooking({ mode: 'reschedule', linkUUID: 'L', consultationId: 'C' });
    bookingFlow.set({ filters: { sites: ['main'], holders: [] } });
    expect(JSON.parse(sessionStorage.getItem('flow:booking') ?? '{}').filters).toEqual({ sites: ['main'], holders: [] });
  });
});

describe('appointment link states (the three status messages)', () => {
  it.each([
    [{ linkState: 'EXPIRED', appointmentStatus: 'BOOKED' }, 'Appointment request expired'],
    [{ linkState: 'CANCELLED', appointmentStatus: 'CANCELLED' }, 'Appointment cancelled'],
    [{ linkState: 'PAST_START', appointmentStatus: 'BOOKED' }, 'Appointment expired'],
    [{ linkState: 'VALID', appointmentStatus: 'BOOKED' }, undefined],
    [{ linkState: 'VALID', appointmentStatus: 'RESCHEDULED' }, undefined],
  ] as const)('%o → %s', (answer, title) => {
    expect(linkStateTitle(answer)).toBe(title);
  });
});

describe('an appointment in words', () => {
  const booking = {
    date: '2026-11-26',
    slot: { startTime: '08:30', endTime: '08:45', type: 'GP appointment', virtual: false },
    siteName: 'Riverside Medical Practice',
    site: {
      identifier: 'r',
      label: 'Riverside Medical Practice',
      eprSource: 'EMIS',
      virtual: false,
      sessionHolders: [],
      address: { street: '12 Riverside Road', city: 'Leeds', postcode: 'LS1 4AP' },
    },
    sessionHolders: ['Dr Priya Shah'],
  };
  it('gives the date, time, place with its address and the clinician', () => {
    expect(appointmentInWords(booking, 'Telephone call')).toEqual({
      date: 'Thursday 26 November 2026',
      time: '8:30am to 8:45am',
      place: ['Riverside Medical Practice', '12 Riverside Road', 'Leeds', 'LS1 4AP'],
      clinician: 'Dr Priya Shah',
      type: 'GP appointment',
      virtual: false,
    });
  });
  it('says the virtual label for a telephone appointment, and "Assigned by practice" for no named clinician', () => {
    const words = appointmentInWords({ ...booking, slot: { ...booking.slot, virtual: true }, sessionHolders: [] }, 'Telephone call');
    expect(words.place[0]).toBe('Telephone call');
    expect(words.virtual).toBe(true);
    expect(words.clinician).toBe('Assigned by practice');
  });
});
