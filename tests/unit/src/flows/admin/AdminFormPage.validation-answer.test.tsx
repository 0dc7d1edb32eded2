// @vitest-environment jsdom
// "Check your connection" only when the connection failed: a 400 validation answer to Send is
// shown on the fields it names (linked from the error summary), not as a connection problem.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_PATHS } from '../../../../../src/api/requests';
import { SETTINGS_PATHS } from '../../../../../src/api/settings';
import AdminFormPage from '../../../../../src/flows/admin/AdminFormPage';
import { adminFlow } from '../../../../../src/flows/admin/adminFlow';
import { SEND_FAILED_MESSAGE } from '../../../../../src/errors/messages';
import { serveBundledForms } from '../../../support/app/bundledForms';
import { renderWithSettings } from '../../../support/app/renderWithSettings';

const SETTINGS: Record<string, unknown> = {
  [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
  [SETTINGS_PATHS.adminForms]: {
    forms: [{ type: 'FIT_NOTE', label: 'Fit note', subTitle: 'Extend a sick note', requiresPatientRecord: true }],
    links: { sickLeaveRights: 'https://example.org/sick-leave' },
    customFields: {},
    patientEnabledForms: ['FIT_NOTE'],
  },
  [SETTINGS_PATHS.notificationConfig]: { sms: { enabled: true } },
  [SETTINGS_PATHS.shared]: { featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } },
};

/** The practice's answer to the admin request: a 400 naming a field, or no answer at all. */
function stubSend(answer: 'validation' | 'offline'): void {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url in SETTINGS) return new Response(JSON.stringify(SETTINGS[url]), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === REQUEST_PATHS.adminRequest) {
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const message = 'Please enter no more than 20 characters.';
      return new Response(
        JSON.stringify({ statusCode: 400, error: 'Bad Request', message: `body/description: ${message}`, details: [{ path: '/description', message }] }),
        {
          status: 400,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    return new Response('{}', { status: 404 });
  });
}

beforeEach(() => {
  serveBundledForms();
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  adminFlow.set({
    patient: {
      firstName: 'Amelia',
      lastName: 'Testwell',
      dateOfBirth: '1985-04-12',
      postCode: 'LS1 4AP',
      age: 41,
      contactDetails: { emailAddress: 'amelia@example.com' },
    } as never,
    answers: {
      FIT_NOTE: {
        newSicknessAbsence: false,
        startDate: day(-10),
        endDate: day(10),
        description: 'Recovering from a knee operation, still on crutches',
        employerAssistance: 'A phased return',
      },
    },
  });
});
afterEach(() => {
  cleanup();
  adminFlow.clear();
  vi.unstubAllGlobals();
});

describe('Send answered with a validation error', () => {
  it('shows the message on the field, linked from the error summary, and no connection message', async () => {
    stubSend('validation');
    const user = userEvent.setup();
    renderWithSettings(AdminFormPage, '/admin-request/form?request=FIT_NOTE');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const summary = await screen.findByRole('alert', { name: /There is a problem/ });
    const link = within(summary).getByRole('link', { name: 'Describe why you need the fit note: Please enter no more than 20 characters.' });
    expect(link.getAttribute('href')).toBe('#field-description');
    expect(document.getElementById('field-description')?.getAttribute('aria-describedby')).toMatch(/error/);
    expect(screen.queryByText(SEND_FAILED_MESSAGE)).toBeNull();
    // Nor the raw "body/description: …" popup.
    expect(screen.queryByText(/body\/description/)).toBeNull();
  });

  it('a failed fetch still gets "check your connection"', async () => {
    stubSend('offline');
    const user = userEvent.setup();
    renderWithSettings(AdminFormPage, '/admin-request/form?request=FIT_NOTE');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SEND_FAILED_MESSAGE)).toBeTruthy();
  });
});
