// @vitest-environment jsdom
// /eligibility/booking as the patient sees it: the practice's eligibility pathways sorted by label,
// or, when the practice lists none, "No options found. Please contact the practice." with its phone.
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../src/api/settings';
import { ErrorNotificationsProvider } from '../../../src/errors/ErrorNotifications';
import EligibilityMenuPage from '../../../src/flows/eligibility/EligibilityMenuPage';
import { useSettings } from '../../../src/settings/useSettings';

function serve(eligibilityGuidelines: unknown[]) {
  const responses: Record<string, unknown> = {
    [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
    [SETTINGS_PATHS.shared]: { featureSets: ['SMART_DIRECT_BOOKING'], enableChildRequests: false, nhsLogin: { enabled: false }, eligibilityGuidelines },
  };
  vi.stubGlobal('fetch', async (url: string) =>
    url in responses
      ? new Response(JSON.stringify(responses[url]), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404 }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function WhenReady() {
  return useSettings().ready ? <EligibilityMenuPage /> : <p>Initialising</p>;
}

function renderMenu() {
  const element = (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ErrorNotificationsProvider>
        <WhenReady />
      </ErrorNotificationsProvider>
    </SWRConfig>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/eligibility/booking'] })} />);
}

describe('the standard-appointments menu', () => {
  it('with no pathways: "No options found. Please contact the practice." and the practice phone', async () => {
    serve([]);
    renderMenu();
    await screen.findByRole('heading', { level: 1, name: 'A very warm welcome' });
    expect(screen.getByTestId('no-eligibility-options').textContent).toContain('No options found. Please contact the practice.');
    expect(screen.getByRole('link', { name: '0100 000 0000' }).getAttribute('href')).toBe('tel:01000000000');
    expect(screen.queryByTestId('eligibility-options')).toBeNull();
    // It is home for the rest of the session.
    expect(sessionStorage.getItem('session:home')).toBe('/eligibility/booking');
  });

  it('lists the practice\'s eligibility pathways sorted by label, and nothing else', async () => {
    serve([
      { guidelineId: 'Eligibility.FluVaccination', label: 'Flu vaccination' },
      { guidelineId: 'Triage.SoreThroat', label: 'A sore throat' },
      { guidelineId: 'Eligibility.BloodTest', label: 'Blood test' },
    ]);
    renderMenu();
    const list = await screen.findByTestId('eligibility-options');
    const links = [...list.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['Blood test', 'Flu vaccination']);
    expect(screen.queryByTestId('no-eligibility-options')).toBeNull();
  });
});
