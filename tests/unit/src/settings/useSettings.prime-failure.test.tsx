// @vitest-environment jsdom
// primeSettings with a failing set: the hook gets that failure (its defaults) without asking again,
// and with the shared set failed NHS login counts as off (no login check). Own file: swr's cache is global.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import { primeSettings, useSettings, type SettingsState } from '../../../../src/settings/useSettings';

let latest: SettingsState | undefined;
function Probe() {
  const state = useSettings();
  useEffect(() => {
    latest = state;
  });
  return <p>{state.ready ? 'ready' : 'Initialising'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('primeSettings with a failing set', () => {
  it('hands the failure to the hook (defaults), asks once, and skips the login check', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url === SETTINGS_PATHS.shared) return new Response(JSON.stringify({ statusCode: 500, message: 'boom' }), { status: 500 });
      return new Response(JSON.stringify(url === SETTINGS_PATHS.clinic ? { name: 'Primed Surgery' } : {}), { status: 200 });
    });
    await primeSettings();
    render(<Probe />);
    await screen.findByText('ready');
    await waitFor(() => expect(latest?.failed).toEqual(['shared']));
    expect(latest?.settings.clinic.name).toBe('Primed Surgery');
    expect(latest?.settings.shared.featureSets).toEqual(['SMART_TRIAGE']);
    expect(calls.filter((url) => url === SETTINGS_PATHS.shared)).toHaveLength(1);
    expect(calls.sort()).toEqual(Object.values(SETTINGS_PATHS).sort());
  });
});
