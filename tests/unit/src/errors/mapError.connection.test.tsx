// @vitest-environment jsdom
// "There was a problem. Please check your connection…" only when the connection failed: on the change-of-contact-details form, the add-contact-details choice and the
// eligibility self-help page, an answer from the practice (a 500, a 400 naming a field) gets its
// own popup or field error and never the connection message; a failed fetch still gets it.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/client';
import { REQUEST_PATHS } from '../../../../src/api/requests';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import { isConnectionFailure } from '../../../../src/errors/mapError';
import { NotificationList } from '../../../../src/errors/ErrorNotifications';
import { CONNECTION_CLOSED_MARKER, SEND_FAILED_MESSAGE } from '../../../../src/errors/messages';
import AddContactDetailsPage from '../../../../src/flows/admin/AddContactDetailsPage';
import ChangeOfContactDetailsPage from '../../../../src/flows/admin/ChangeOfContactDetailsPage';
import { adminFlow } from '../../../../src/flows/admin/adminFlow';
import EligibilitySelfHelpPage from '../../../../src/flows/eligibility/EligibilitySelfHelpPage';
import { clearTriageFlow, triageFlow } from '../../../../src/flows/guideline/journey';
import { serveBundledForms } from '../../support/app/bundledForms';
import { renderWithSettings } from '../../support/app/renderWithSettings';
import { FIXTURE_PATIENT } from '../../support/app/fixturePatient';

const SETTINGS: Record<string, unknown> = {
  [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
  [SETTINGS_PATHS.adminForms]: {
    forms: [{ type: 'CHANGE_OF_CONTACT_DETAILS', label: 'Change contact details', subTitle: 'Update your details', requiresPatientRecord: false }],
    links: {},
    customFields: {},
    patientEnabledForms: ['CHANGE_OF_CONTACT_DETAILS'],
  },
  [SETTINGS_PATHS.notificationConfig]: { sms: { enabled: true } },
  [SETTINGS_PATHS.shared]: { featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } },
  [SETTINGS_PATHS.operationalState]: {
    medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
    admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  },
  [SETTINGS_PATHS.patientApp]: { useProxy: false, enableAneSubmission: true },
};

type Answer = 'offline' | 'server-error' | 'validation';
const SERVER_ERROR = 'The practice could not store the request.';
const sent: string[] = [];

/** The page with the app's popups above it (AppLayout draws them). */
function withPopups(Page: () => ReactNode) {
  return function Framed() {
    return (
      <>
        <NotificationList />
        <Page />
      </>
    );
  };
}

/** The practice's answer to every request the pages send. */
function stubSend(answer: Answer): void {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url in SETTINGS) return new Response(JSON.stringify(SETTINGS[url]), { status: 200, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST' && Object.values(REQUEST_PATHS).includes(url as never)) {
      sent.push(url);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const body =
        answer === 'validation'
          ? {
              statusCode: 400,
              error: 'Bad Request',
              message: 'body/newEmail: Please enter a valid email address.',
              details: [{ path: '/newEmail', message: 'Please enter a valid email address.' }],
            }
          : { statusCode: 500, error: 'Internal Server Error', message: SERVER_ERROR };
      return new Response(JSON.stringify(body), { status: answer === 'validation' ? 400 : 500, headers: { 'content-type': 'application/json' } });
    }
    return new Response('{}', { status: 404 });
  });
}

const PATIENT = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  postCode: 'LS1 4AP',
  age: 41,
  contactDetails: { mobileNumber: '07700900123' },
};

beforeEach(() => {
  sent.length = 0;
  serveBundledForms();
});
afterEach(() => {
  cleanup();
  adminFlow.clear();
  clearTriageFlow();
  vi.unstubAllGlobals();
});

describe('isConnectionFailure', () => {
  it('is true only when no answer came back', () => {
    expect(isConnectionFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectionFailure(new ApiError(502, `net::${CONNECTION_CLOSED_MARKER}`, undefined))).toBe(true);
    expect(isConnectionFailure(new ApiError(500, 'Internal Server Error', { message: `upstream ${CONNECTION_CLOSED_MARKER}` }))).toBe(true);
    expect(isConnectionFailure(new ApiError(500, SERVER_ERROR, { message: SERVER_ERROR }))).toBe(false);
    expect(isConnectionFailure(new ApiError(400, 'Bad Request', { details: [] }))).toBe(false);
  });
});

describe('change of contact details', () => {
  beforeEach(() => {
    adminFlow.set({
      patient: PATIENT as never,
      answers: { CHANGE_OF_CONTACT_DETAILS: { newEmail: 'amelia@example.com', objectionOnEmailReminder: false, objectionOnTextReminder: false } },
    });
  });

  async function send(answer: Answer) {
    stubSend(answer);
    renderWithSettings(withPopups(ChangeOfContactDetailsPage), '/change-of-contact-details');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([REQUEST_PATHS.adminRequest]));
  }

  it('a 400 naming a field shows it on the field, linked from the summary, and no connection message', async () => {
    await send('validation');
    const summary = await screen.findByRole('alert', { name: /There is a problem/ });
    expect(
      within(summary)
        .getByRole('link', { name: /Please enter a valid email address\./ })
        .getAttribute('href'),
    ).toBe('#field-newEmail');
    expect(screen.queryByText(SEND_FAILED_MESSAGE)).toBeNull();
  });

  it('a 500 gets its popup and no connection message', async () => {
    await send('server-error');
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
    expect(screen.queryByText(SEND_FAILED_MESSAGE)).toBeNull();
  });

  it('a failed fetch gets "check your connection"', async () => {
    await send('offline');
    expect(await screen.findByText(SEND_FAILED_MESSAGE)).toBeTruthy();
  });
});

describe('add contact details: "Send request only"', () => {
  beforeEach(() => {
    adminFlow.set({
      patient: PATIENT as never,
      pending: { formType: 'CHANGE_OF_CONTACT_DETAILS' } as never,
      attempt: { key: '11111111-2222-4333-8444-555555555555', body: { formType: 'CHANGE_OF_CONTACT_DETAILS' } } as never,
    });
  });

  async function sendOnly(answer: Answer) {
    stubSend(answer);
    renderWithSettings(withPopups(AddContactDetailsPage), '/add-contact-details');
    const button = await screen.findByRole('button', { name: 'Send request only' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(sent).toEqual([REQUEST_PATHS.adminRequest]));
    await screen.findByRole('button', { name: 'Send request only' }); // sending is over
  }

  it('a 500 gets its popup and no connection message', async () => {
    await sendOnly('server-error');
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
    expect(screen.queryByText(SEND_FAILED_MESSAGE)).toBeNull();
  });

  it('a failed fetch gets "check your connection"', async () => {
    await sendOnly('offline');
    expect(await screen.findByText(SEND_FAILED_MESSAGE)).toBeTruthy();
  });
});

describe('eligibility self-help: "Please send the information"', () => {
  beforeEach(() => {
    triageFlow.set({
      drafts: {},
      labels: {},
      useProxy: false,
      executionId: '11111111-2222-4333-8444-555555555555',
      finishedTriage: true,
      selection: {
        guidelineId: 'Eligibility.FluVaccination',
        kind: 'eligibility',
        label: 'Flu vaccination',
        searchType: 'SYMPTOM',
        searchTerm: 'flu jab',
        searchMatches: [],
      } as never,
      patient: FIXTURE_PATIENT as never,
      execution: {
        identifier: '11111111-2222-4333-8444-555555555555',
        guidelineId: 'Eligibility.FluVaccination',
        version: '1.0.0',
        status: 'COMPLETED',
        customData: [],
        responseData: [],
        requiredData: [],
        recommendations: [
          {
            id: 'selfHelp',
            title: 'Try self-help first',
            actions: [{ type: 'Management', managementType: 'Self help content', text: 'Rest and drink plenty of fluids.', links: [] }],
          },
        ],
      } as never,
    });
  });

  async function sendInformation(answer: Answer) {
    stubSend(answer);
    renderWithSettings(withPopups(EligibilitySelfHelpPage), '/eligibility/self-help');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Please send the information' }));
    await waitFor(() => expect(sent).toEqual([REQUEST_PATHS.consultation]));
    await screen.findByRole('button', { name: 'Please send the information' }); // back from "Sending"
  }

  it('a 500 gets its popup and no connection message', async () => {
    await sendInformation('server-error');
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
    expect(screen.queryByText(SEND_FAILED_MESSAGE)).toBeNull();
  });

  it('a failed fetch gets "check your connection"', async () => {
    await sendInformation('offline');
    expect(await screen.findByText(SEND_FAILED_MESSAGE)).toBeTruthy();
  });
});
