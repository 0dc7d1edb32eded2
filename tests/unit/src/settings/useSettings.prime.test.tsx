// @vitest-environment jsdom
// primeSettings (main.tsx, before the first render): the hook's first render already has every
// set and the login answer, and no call is made twice. swr's cache is global, hence its own file
// (a failing set: prime-settings-failure.test.tsx).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATHS } from '../../../../src/api/login';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import { primeSettings, useSettings, type SettingsState } from '../../../../src/settings/useSettings';

const RESPONSES: Record<string, unknown> = {
  [SETTINGS_PATHS.clinic]: { name: 'Primed Surgery' },
  [SETTINGS_PATHS.shared]: { featureSets: ['SMART_TRIAGE'], enableChildRequests: true, nhsLogin: { enabled: true } },
  [LOGIN_PATHS.isLoggedIn]: true,
  [LOGIN_PATHS.userInfo]: { given_name: 'Ann', family_name: 'Smith' },
};

const renders: SettingsState[] = [];
function Probe() {
  const state = useSettings();
  renders.push(state);
  const [first] = renders;
  return <p>{state.ready ? `ready ${first?.ready ? 'from the first render' : 'later'}` : 'Initialising'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('primeSettings', () => {
  it('fills the cache before the first render: ready at once, logged-in patient known, each call made once', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(RESPONSES[url] ?? {}), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await primeSettings();
    expect(calls.sort()).toEqual([...Object.values(SETTINGS_PATHS), LOGIN_PATHS.isLoggedIn, LOGIN_PATHS.userInfo].sort());

    render(<Probe />);
    expect(screen.getByText('ready from the first render')).toBeTruthy();
    expect(renders[0]).toMatchObject({ ready: true, loggedIn: true, failed: [] });
    expect(renders[0]?.settings.clinic.name).toBe('Primed Surgery');
    expect(renders[0]?.features.child).toBe(false); // logged in: no child requests
    // The signed-in patient's details are there too: a form mounted now starts from their mobile number.
    expect(renders[0]?.user?.given_name).toBe('Ann');
    // The hook's own first fetch of each path took the primed call: nothing was asked again.
    await waitFor(() => expect(renders.at(-1)?.ready).toBe(true));
    expect(calls).toHaveLength(Object.values(SETTINGS_PATHS).length + 2);
  });
});
