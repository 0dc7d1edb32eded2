// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS as SETTINGS_URLS } from '../../../../src/api/settings';
import { useSettings, type SettingsState } from '../../../../src/settings/useSettings';

const RESPONSES: Record<string, unknown> = {
  [SETTINGS_URLS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
  [SETTINGS_URLS.patientApp]: { poweredBy: { text: 'Acme', url: 'https://acme.example' } },
  [SETTINGS_URLS.operationalState]: {
    medical: { operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' },
    admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  },
  [SETTINGS_URLS.adminForms]: { forms: [{ type: 'FIT_NOTE', label: 'Fit note' }], patientEnabledForms: ['FIT_NOTE'] },
  [SETTINGS_URLS.notificationConfig]: { sms: { enabled: true } },
  [SETTINGS_URLS.shared]: { featureSets: ['SMART_TRIAGE', 'SMART_DIRECT_BOOKING'], enableChildRequests: true, nhsLogin: { enabled: false } },
  [SETTINGS_URLS.notices]: [{ id: 'n1', title: 'Flu', content: '<p>Jabs</p>' }],
  [SETTINGS_URLS.urgencyByReferralId]: { r1: { urgency: 'TRoutine', colour: 'GREEN' } },
};

function stubFetch(failing: string[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (failing.includes(url)) return new Response(JSON.stringify({ statusCode: 500, message: 'boom' }), { status: 500 });
    if (!(url in RESPONSES)) return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(RESPONSES[url]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

let latest: SettingsState | undefined;
function Probe() {
  const state = useSettings();
  useEffect(() => {
    latest = state;
  });
  return <p>{state.ready ? 'ready' : 'Initialising'}</p>;
}

function renderProbe() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Probe />
    </SWRConfig>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  latest = undefined;
});

describe('useSettings', () => {
  it('loads every settings set together', async () => {
    const calls = stubFetch([]);
    renderProbe();
    expect(screen.getByText('Initialising')).toBeTruthy();
    await screen.findByText('ready');
    await waitFor(() => expect(latest?.ready).toBe(true));
    expect(new Set(calls)).toEqual(new Set(Object.values(SETTINGS_URLS)));
    expect(latest?.failed).toEqual([]);
    expect(latest?.settings.clinic.name).toBe('Test Surgery');
    expect(latest?.settings.notices).toHaveLength(1);
    expect(latest?.settings.notificationConfig.sms.enabled).toBe(true);
    expect(latest?.features).toMatchObject({ triage: true, directBooking: true, child: true });
  });

  it('tolerates a failing set: defaults for it, the others still work', async () => {
    stubFetch([SETTINGS_URLS.shared]);
    renderProbe();
    await screen.findByText('ready');
    await waitFor(() => expect(latest?.ready).toBe(true));
    expect(latest?.failed).toEqual(['shared']);
    expect(latest?.settings.shared.featureSets).toEqual(['SMART_TRIAGE']);
    expect(latest?.features).toMatchObject({ triage: true, directBooking: false, child: false });
    expect(latest?.settings.clinic.name).toBe('Test Surgery');
    expect(latest?.settings.operationalState.medical.operationalStatus).toBe('SERVICE_OFF');
  });

  it('tolerates a failing clinic and notices set', async () => {
    stubFetch([SETTINGS_URLS.clinic, SETTINGS_URLS.notices]);
    renderProbe();
    await screen.findByText('ready');
    await waitFor(() => expect(latest?.ready).toBe(true));
    expect(new Set(latest?.failed)).toEqual(new Set(['clinic', 'notices']));
    expect(latest?.settings.clinic.name).toBe('Your GP practice');
    expect(latest?.settings.notices).toEqual([]);
    expect(latest?.settings.adminForms.patientEnabledForms).toEqual(['FIT_NOTE']);
  });

  it('checks the login session when national login is on', async () => {
    RESPONSES[SETTINGS_URLS.shared] = { featureSets: ['SMART_TRIAGE'], enableChildRequests: true, nhsLogin: { enabled: true } };
    RESPONSES['/nhs-login/is-logged-in'] = true;
    RESPONSES['/nhs-login/user-info'] = { given_name: 'Ann', family_name: 'Smith' };
    const calls = stubFetch([]);
    renderProbe();
    await screen.findByText('ready');
    await waitFor(() => expect(latest?.ready).toBe(true));
    expect(calls).toContain('/nhs-login/is-logged-in');
    expect(latest?.loggedIn).toBe(true);
    // Child requests are unavailable when logged in.
    expect(latest?.features.child).toBe(false);
    // Ready includes the signed-in patient's details (forms start from their mobile number and email).
    expect(latest?.user?.given_name).toBe('Ann');
  });
});
