// @vitest-environment jsdom
// The patient experience's smaller points (docs/patient-app.md "Experience, third round", point 6),
// where a page drawn on its own proves them; the rest are in tests/e2e/experience4.e2e.test.ts.
// - "None of these times suit me" (or "Send request" with no times) ends on a thank-you page
//   that gives the reference the request is stored under.
// - A telephone appointment's confirmation does not ask the patient to arrive early.
// - Focus goes to the new page's h1 when what opened a dialog is gone (Yes, discard).
// - The self-help choice's error: the summary takes focus and the title says "Error:".
// - "Send your request?": the answers listed before Send; Send and Cancel, no Back button beside the Back link.
// - The pharmacy form opens under its menu's words and starts with the email already given.
// - "How your information is used" comes before the box that says the patient has read it.
// - A multi-page admin form counts its pages in words: "Page 1 of 4", not "Page 1/4".
// - "Start again" after a booking whose answer was lost goes back to the times, not home.
// - A "try later" record-check outcome offers "Try again", and the practice's number is a tel: link.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_PATHS } from '../../../../../src/api/appointments';
import { SETTINGS_PATHS } from '../../../../../src/api/settings';
import { Modal } from '../../../../../src/components/Modal';
import { bookingFlow, bookingResult, clearBooking, type BookingResult } from '../../../../../src/flows/bookingRequest';
import ConfirmationPage from '../../../../../src/flows/booking/ConfirmationPage';
import NoAppointmentsPage from '../../../../../src/flows/booking/NoAppointmentsPage';
import EligibilitySelfHelpPage from '../../../../../src/flows/eligibility/EligibilitySelfHelpPage';
import { clearTriageFlow, triageFlow } from '../../../../../src/flows/guideline/journey';
import TriageCompletePage from '../../../../../src/flows/triage/TriageCompletePage';
import TriageThankYouPage from '../../../../../src/flows/triage/TriageThankYouPage';
import AdminFormPage, { givenEmail } from '../../../../../src/flows/admin/AdminFormPage';
import { adminFlow } from '../../../../../src/flows/admin/adminFlow';
import { serveBundledForms } from '../../../support/app/bundledForms';
import EPS from '../../../../../generated/forms/ELECTRONIC_PRESCRIPTION_SERVICE';
import CONTACT_DETAILS from '../../../../../generated/forms/CONTACT_DETAILS';
import LOGGED_IN_DETAILS from '../../../../../generated/forms/LOGGED_IN_DETAILS';
import OTHER_ENQUIRY from '../../../../../generated/forms/OTHER_ENQUIRY';
import ErrorSignpostPage from '../../../../../src/pages/ErrorSignpostPage';
import { ERROR_IDS } from '../../../../../src/errors/messages';
import { OutcomeNotice } from '../../../../../src/patient-details/steps/PatientDetailsModals';
import { FIXTURE_PATIENT } from '../../../support/app/fixturePatient';
import { renderWithSettings } from '../../../support/app/renderWithSettings';

const SETTINGS: Record<string, unknown> = {
  [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
  [SETTINGS_PATHS.shared]: { featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } },
  [SETTINGS_PATHS.operationalState]: {
    medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
    admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  },
  [SETTINGS_PATHS.patientApp]: { useProxy: false },
};
const STORED_ID = 'ab12cd34-5678-4abc-8def-0123456789ab';
const posted: string[] = [];

function stubPractice(): void {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url in SETTINGS) return new Response(JSON.stringify(SETTINGS[url]), { status: 200, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST' && url === APPOINTMENT_PATHS.consultation) {
      posted.push(url);
      return new Response(JSON.stringify({ id: STORED_ID, status: 'NEW', receivedAt: '2026-11-28T20:30:00.000Z' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }
    // The engine's bookkeeping on the thank-you page: not asserted here.
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  posted.length = 0;
  stubPractice();
});
afterEach(() => {
  cleanup();
  clearBooking();
  bookingResult.clear();
  clearTriageFlow();
  vi.unstubAllGlobals();
});

describe('a request sent from the booking screen without an appointment', () => {
  it('the thank-you page gives the reference it is stored under, with what was sent', async () => {
    bookingFlow.set({
      request: {
        mode: 'symptom-assessment',
        triageRequest: {
          patient: FIXTURE_PATIENT,
          triageRequestType: 'CONSULTATION_REQUEST',
          consultation: { guidelineId: 'Triage.SoreThroat', executionId: 'e1', conditionLabel: 'Sore throat' },
        } as never,
        referralId: 'ref-gp',
        guidelineFinishedOn: '2026-11-28T20:00:00.000Z',
        sentPath: '/triage/thank-you',
        sent: { executionId: 'e1', useProxy: false, tier: 'ROUTINE' },
      },
      keys: {},
    });
    function Pages() {
      return useLocation().pathname === '/triage/thank-you' ? <TriageThankYouPage /> : <NoAppointmentsPage />;
    }
    renderWithSettings(Pages, '/appointment/no-appointments');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send request' }));
    expect((await screen.findByTestId('sent-reference')).textContent).toBe('AB12CD34');
    expect(posted).toEqual([APPOINTMENT_PATHS.consultation]);
    expect(screen.getByTestId('sent-summary').textContent).toContain('Sore throat');
    expect(screen.getByTestId('sent-reply').textContent).toBe('The practice will reply by email to a@example.com.');
  });
});

describe('the booked confirmation', () => {
  function booked(virtual: boolean): BookingResult {
    return {
      title: 'The appointment is booked',
      virtualLabel: 'Telephone call',
      booking: {
        linkUUID: 'l1',
        appointmentStatus: 'BOOKED',
        bookedAt: '2026-11-28T20:00:00.000Z',
        appointmentBooking: {
          date: '2026-12-01',
          siteName: 'MAIN',
          site: { label: 'Riverside Surgery', virtual: false, address: { street: '1 River Street', city: 'Leeds', postcode: 'LS1 1AA' } },
          sessionHolders: ['Dr A'],
          slot: { id: 's1', startTime: '09:30', endTime: '09:40', type: 'GP appointment', virtual },
        },
      } as never,
    };
  }
  function show(result: BookingResult) {
    render(
      <MemoryRouter initialEntries={[{ pathname: '/appointment/confirmation', state: { result } }]}>
        <ConfirmationPage />
      </MemoryRouter>,
    );
    return screen.getByTestId('sent-details').textContent;
  }
  it('asks a patient coming in person to arrive a few minutes early', () => {
    expect(show(booked(false))).toBe('We have sent the details to you. Please arrive a few minutes early.');
  });
  it('does not ask a patient the practice will telephone to arrive anywhere', () => {
    expect(show(booked(true))).toBe('We have sent the details to you.');
    expect(screen.getByText('The practice will call you at the time of the appointment.')).toBeTruthy();
  });
});

describe('focus after a dialog whose opener is gone', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    const [left, setLeft] = useState(false);
    return (
      <main>
        {left ? (
          <h1>Home</h1>
        ) : (
          <>
            <h1>Your request</h1>
            <button type="button" onClick={() => setOpen(true)}>
              Cancel
            </button>
          </>
        )}
        <Modal
          open={open}
          title="Discard your request?"
          onClose={() => setOpen(false)}
          actions={[
            {
              label: 'Yes, discard my request',
              onClick: () => {
                setOpen(false);
                setLeft(true);
              },
            },
            { label: 'No, go back to my request', secondary: true, safe: true, onClick: () => setOpen(false) },
          ]}
        >
          <p>Your answers will be deleted.</p>
        </Modal>
      </main>
    );
  }
  it('"Yes, discard" that removes the page: focus on the new page\'s h1, not left behind in the closed dialog', () => {
    render(<Harness />);
    screen.getByRole('button', { name: 'Cancel' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, discard my request', hidden: true }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Home' }));
  });
  it('"No" returns focus to Cancel, as before', () => {
    render(<Harness />);
    screen.getByRole('button', { name: 'Cancel' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'No, go back to my request', hidden: true }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });
});

describe('the self-help choice left unanswered', () => {
  beforeEach(() => {
    triageFlow.set({
      drafts: {},
      labels: {},
      useProxy: false,
      aiLed: true,
      executionId: '11111111-2222-4333-8444-555555555555',
      finishedTriage: true,
      selection: {
        guidelineId: 'Eligibility.Physio',
        kind: 'eligibility',
        label: 'Back pain',
        searchType: 'SYMPTOM',
        searchTerm: 'back',
        searchMatches: [],
      } as never,
      patient: FIXTURE_PATIENT as never,
      execution: {
        identifier: '11111111-2222-4333-8444-555555555555',
        guidelineId: 'Eligibility.Physio',
        version: '1.0.0',
        status: 'COMPLETED',
        customData: [],
        responseData: [],
        requiredData: [],
        recommendations: [
          {
            id: 'selfHelp',
            title: 'Try self-help first',
            actions: [
              { type: 'Management', managementType: 'Self help content', text: 'Keep moving gently.', links: [] },
              { type: 'Referral', referralId: 'ref-physio', text: 'Physiotherapist' },
            ],
          },
        ],
      } as never,
    });
  });

  it('moves focus to the error summary and puts "Error:" before the title; choosing clears both', async () => {
    document.title = 'Your GP practice - Self-help';
    renderWithSettings(EligibilitySelfHelpPage, '/eligibility/self-help');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Please send the information' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please select an option');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(document.title).toBe('Error: Your GP practice - Self-help');
    // Again without a choice (focus moved away meanwhile): the summary is focused again.
    screen.getByRole('button', { name: 'Please send the information' }).focus();
    await user.click(screen.getByRole('button', { name: 'Please send the information' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    await user.click(screen.getByLabelText('I will try self-help first'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe('Your GP practice - Self-help');
  });
});

describe('record-check outcomes left on the page', () => {
  function notice(status: 'TEMPORARY_ERROR' | 'UPDATE_CONTACT_REQUESTED' | 'NOT_VALIDATED', onTryAgain: () => void) {
    function Notice() {
      return (
        <OutcomeNotice
          outcome={{ status, fix: status === 'NOT_VALIDATED' ? 'details' : 'call', checked: { patient: FIXTURE_PATIENT } }}
          practicePhone="0100 000 0000"
          onTryAgain={onTryAgain}
        />
      );
    }
    renderWithSettings(Notice, '/admin-request/form');
  }

  it('"try later" (the record system down): a Try again button that checks again', async () => {
    const tryAgain = vi.fn();
    notice('TEMPORARY_ERROR', tryAgain);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(tryAgain).toHaveBeenCalledOnce();
  });

  it("the practice's number is a tel: link, in the message and on its own line", async () => {
    notice('UPDATE_CONTACT_REQUESTED', () => undefined);
    const link = await screen.findByRole('link', { name: '0100 000 0000' });
    expect(link.getAttribute('href')).toBe('tel:01000000000');
    expect(link.closest('p')?.textContent).toBe(
      'The practice has not yet added the contact details you sent them to your record. Please try again later or call the practice on 0100 000 0000.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('no Try again where checking again cannot help (details not found: check them instead)', async () => {
    notice('NOT_VALIDATED', () => undefined);
    await screen.findByRole('link', { name: 'Check your details' });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('"You may have an appointment but need to check" (no answer while booking)', () => {
  it('"Start again" goes back to the times of the booking the app still holds, with its answers', async () => {
    bookingFlow.set({
      request: {
        mode: 'symptom-assessment',
        triageRequest: { patient: FIXTURE_PATIENT, triageRequestType: 'CONSULTATION_REQUEST' } as never,
        referralId: 'ref-gp',
      },
      keys: { s1: 'k1' },
    });
    renderWithSettings(ErrorSignpostPage, `/error?eid=${ERROR_IDS.possibleAppointment}`);
    const again = await screen.findByTestId('start-again');
    expect(again.textContent).toBe('Start again');
    expect(again.getAttribute('href')).toBe('/appointment/book-appointment');
  });
  it('with nothing held (another tab, a new session) it starts from the home page', async () => {
    renderWithSettings(ErrorSignpostPage, `/error?eid=${ERROR_IDS.possibleAppointment}`);
    expect((await screen.findByTestId('start-again')).getAttribute('href')).toBe('/');
  });
});

describe('"Send your request?"', () => {
  const SECTION = {
    id: 'main',
    number: 1,
    title: 'Your symptoms',
    parameters: {},
    answers: {},
    document: {
      id: 'FIXTURE',
      title: 'Your symptoms',
      pages: [{ title: 'Your symptoms', fields: ['intro', 'fever', 'howLong', 'where'] }],
      schema: {
        type: 'object',
        properties: {
          intro: { type: 'string', title: 'Answer a few questions about your symptoms.' },
          fever: { type: 'boolean', title: 'Do you have a high temperature?' },
          howLong: {
            type: 'string',
            title: 'How long have you had it?',
            oneOf: [
              { const: 'days', title: 'A few days' },
              { const: 'weeks', title: 'More than a week' },
            ],
          },
          where: { type: 'string', title: 'Where is the pain?' },
        },
        additionalProperties: false,
      },
      uiSchema: { intro: { 'ui:widget': 'display' }, fever: { 'ui:widget': 'yesNo' }, howLong: { 'ui:widget': 'radio' } },
    },
  };
  beforeEach(() => {
    triageFlow.set({
      drafts: {},
      labels: {},
      useProxy: false,
      executionId: 'e1',
      finishedTriage: true,
      selection: {
        guidelineId: 'Triage.Fixture',
        kind: 'triage',
        label: 'Sore throat',
        searchType: 'SYMPTOM',
        searchTerm: 'throat',
        searchMatches: [],
      } as never,
      patient: FIXTURE_PATIENT as never,
      answered: [{ section: SECTION as never, answers: { fever: true, howLong: 'weeks' } }],
      patientContext: { patientNeed: { value: 'ADVICE', label: 'Advice' }, additionalInfo: 'It started after a cold.' },
      execution: {
        identifier: 'e1',
        guidelineId: 'Triage.Fixture',
        version: '1.0.0',
        status: 'COMPLETED',
        customData: [],
        responseData: [],
        requiredData: [],
        recommendations: [],
        section: null,
      } as never,
    });
  });

  it('lists each answer in the words the patient saw, then Send and Cancel without a second Back', async () => {
    renderWithSettings(TriageCompletePage, '/triage/complete');
    const summary = await screen.findByTestId('answers-summary');
    const rows = [...summary.querySelectorAll('.nhsuk-summary-list__row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Do you have a high temperature?', 'Yes'],
      ['How long have you had it?', 'More than a week'],
      ['What you hope for from the practice', 'Advice'],
      ['Anything else you told the practice', 'It started after a cold.'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Your answers' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Send', 'Cancel']);
  });
});

describe('the pharmacy form (electronic prescription service)', () => {
  it('opens as what the menu offered ("Choose a pharmacy"), not the service\'s internal name', () => {
    expect(EPS.pages[0]?.title).toBe('Choose a pharmacy for your prescriptions');
  });
  it('starts with the email the patient gave on the contact step; a form with no email question gets nothing', () => {
    expect(givenEmail(EPS, FIXTURE_PATIENT)).toEqual({ email: 'a@example.com' });
    expect(givenEmail(EPS, { contactDetails: {} })).toBeUndefined();
    expect(givenEmail(OTHER_ENQUIRY, FIXTURE_PATIENT)).toBeUndefined();
  });
});

describe('a multi-page admin form', () => {
  it('says "Page 1 of N" above its first page\'s title', async () => {
    serveBundledForms();
    const registration = {
      [SETTINGS_PATHS.adminForms]: {
        forms: [{ type: 'PATIENT_REGISTRATION_FORM', label: 'Register with the practice', subTitle: 'Join the practice', requiresPatientRecord: false }],
        links: {},
        customFields: {},
        patientEnabledForms: ['PATIENT_REGISTRATION_FORM'],
      },
      [SETTINGS_PATHS.notificationConfig]: { sms: { enabled: true } },
    };
    Object.assign(SETTINGS, registration);
    try {
      adminFlow.set({ patient: { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP', age: 41 } });
      renderWithSettings(AdminFormPage, '/admin-request/form?request=PATIENT_REGISTRATION_FORM');
      const counter = await screen.findByText(/^Page 1 /, {}, { timeout: 10_000 });
      expect(counter.textContent).toMatch(/^Page 1 of \d+$/);
      expect(screen.queryByText(/^Page \d+\/\d+$/)).toBeNull();
    } finally {
      for (const key of Object.keys(registration)) delete SETTINGS[key];
      adminFlow.clear();
    }
  });
});

describe('consent after the information it refers to', () => {
  it.each([
    ['CONTACT_DETAILS', CONTACT_DETAILS],
    ['LOGGED_IN_DETAILS', LOGGED_IN_DETAILS],
  ])('%s: "How your information is used" is drawn before the questions, so before "I have read how my information is used"', (_id, doc) => {
    const page = doc.pages[0]!;
    const headings = (blocks: unknown) => ((blocks ?? []) as Array<{ heading?: string }>).map((b) => b.heading);
    expect(page.fields.at(-1)).toBe('acceptance');
    expect(headings(page.content)).toContain('How your information is used');
    expect(headings(page.contentAfter)).not.toContain('How your information is used');
  });
});
