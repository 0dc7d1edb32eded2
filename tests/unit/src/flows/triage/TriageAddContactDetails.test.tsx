// @vitest-environment jsdom
// /add-contact-details for a medical request: "Add email and send request" opens the new
// contact details as their own history entry (`?step=details`), with their own title and the
// back link at the top (docs/architecture.md, "Page changes"); the back link returns to the choice.
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../../../src/api/settings';
import { TriageAddContactDetails } from '../../../../../src/flows/triage/TriageAddContactDetails';
import { renderWithSettings, stubFetch } from '../../../support/app/renderWithSettings';
import { serveBundledForms } from '../../../support/app/bundledForms';

const RESPONSES: Record<string, unknown> = {
  [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
  [SETTINGS_PATHS.notificationConfig]: { sms: { enabled: true } },
  [SETTINGS_PATHS.shared]: { featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } },
};

beforeEach(() => {
  serveBundledForms();
  stubFetch(RESPONSES);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Page = () => <TriageAddContactDetails flow={{ drafts: {}, labels: {} }} />;
const renderPage = (entry = '/add-contact-details') => renderWithSettings(Page, entry);

describe('medical request: add contact details', () => {
  it('"Add email and send request" is its own history entry (?step=details) with its own title and the back link on top', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Before we send your request' });
    await user.click(screen.getByRole('button', { name: 'Add email and send request' }));
    await screen.findByRole('heading', { level: 1, name: 'Change your contact details' });
    expect(router.state.location.search).toBe('?step=details');
    expect(document.title).toBe('Your GP practice - Change your contact details');
    // One back control, the link at the top; no Back button under the form.
    const links = screen.getAllByTestId('back-link');
    expect(links).toHaveLength(1);
    expect(links[0]!.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    // The browser's Back is the choice again.
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Before we send your request' });
    expect(router.state.location.search).toBe('');
  });

  it('opened at ?step=details (a reload), shows the details; its back link goes to the choice', async () => {
    const user = userEvent.setup();
    const router = renderPage('/add-contact-details?step=details');
    await screen.findByRole('heading', { level: 1, name: 'Change your contact details' });
    await user.click(screen.getByTestId('back-link'));
    await screen.findByRole('heading', { level: 1, name: 'Before we send your request' });
    expect(router.state.location.pathname).toBe('/add-contact-details');
    expect(router.state.location.search).toBe('');
  });
});
