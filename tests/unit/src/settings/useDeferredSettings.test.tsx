// @vitest-environment jsdom
// The parts a server-drawn page left out (src/settings/useDeferredSettings.ts): a page that reads
// them waits, the file the page named is downloaded once however many pages ask, and its parts
// are put back into the answers the page carried; when that file is gone (404), the spec's own
// settings calls answer instead. swr's cache and the module's state are global: one test walks
// both ways with a fresh module each.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const PATIENT_APP = '/api/v1/settings/patient-app';
const EMBEDDED = { [PATIENT_APP]: { poweredBy: { text: 'X' } }, '#deferred': { url: '/app-data/abcdefghijklmnopqrstuv.json', paths: [PATIENT_APP] } };
const MAPPING = { 'Triage.SoreThroat': { label: 'Sore throat' } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Fetch answering by path from `answers` (a missing path is a 404), recording each call. */
function stubFetch(answers: Record<string, unknown>): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const found = Object.hasOwn(answers, url);
      return Promise.resolve(new Response(JSON.stringify(found ? answers[url] : { message: 'No such file' }), { status: found ? 200 : 404 }));
    }),
  );
  return calls;
}

async function pageThatSearches() {
  const { noteStartAnswers } = await import('../../../../src/settings/startAnswers');
  const { useDeferredSettings } = await import('../../../../src/settings/useDeferredSettings');
  const { useSettings } = await import('../../../../src/settings/useSettings');
  const { loadDeferredSettings } = await import('../../../../src/settings/useDeferredSettings');
  const { mutate } = await import('swr');
  noteStartAnswers(EMBEDDED);
  await mutate(PATIENT_APP, EMBEDDED[PATIENT_APP], { revalidate: false });
  function Search() {
    const complete = useDeferredSettings();
    const { settings } = useSettings();
    return (
      <p>
        {complete
          ? `labels: ${Object.values(settings.patientApp.triageMapping ?? {})
              .map((e) => (e as { label: string }).label)
              .join(',')}`
          : 'Preparing information'}
      </p>
    );
  }
  render(<Search />);
  return loadDeferredSettings;
}

describe('the deferred settings parts', () => {
  it('wait, then come from the file the page named, once, merged into what the page carried', async () => {
    const calls = stubFetch({ '/app-data/abcdefghijklmnopqrstuv.json': { [PATIENT_APP]: { triageMapping: MAPPING } } });
    const load = await pageThatSearches();
    expect(screen.getByText('Preparing information')).toBeTruthy();
    await act(() => Promise.all([load(), load()]));
    await waitFor(() => expect(screen.getByText('labels: Sore throat')).toBeTruthy());
    expect(calls.filter((c) => c.startsWith('/app-data/'))).toEqual(['/app-data/abcdefghijklmnopqrstuv.json']);
    expect(calls.filter((c) => c === PATIENT_APP)).toEqual([]);
  });

  it('come from the settings call itself when the file is gone', async () => {
    const calls = stubFetch({ [PATIENT_APP]: { poweredBy: { text: 'X' }, triageMapping: MAPPING } });
    const load = await pageThatSearches();
    await act(() => load());
    await waitFor(() => expect(screen.getByText('labels: Sore throat')).toBeTruthy());
    expect(calls.filter((c) => c.startsWith('/app-data/') || c === PATIENT_APP)).toEqual(['/app-data/abcdefghijklmnopqrstuv.json', PATIENT_APP]);
  });
});
