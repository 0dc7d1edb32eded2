import { useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import { fetchSettingsSet } from '../api/index';
import { pageStartAnswers } from './startAnswers';
import { deferredMarker, type DeferredMarker, type DeferredParts } from './firstScreenData';

/**
 * The settings parts a server-drawn page left out (src/settings/firstScreenData.ts), put back
 * into swr's cache when a page that reads them is opened: the answers the page carried, with
 * their parts, as if the settings calls had answered in full. One download per page load, however
 * many pages ask: the content-addressed file the marker names (the browser keeps it: a return
 * visit does not download it again), else, when that fails (the practice changed its settings
 * and the server restarted, say), the settings calls themselves.
 */
interface State {
  /** Where the parts are, until they are in the cache. */
  marker: DeferredMarker | undefined;
  loading: Promise<void> | undefined;
  /** Neither download answered: the pages draw with what they have (and say it went wrong). */
  failed: boolean;
}
let current: State | undefined;
const listeners = new Set<() => void>();

/** Read from the page's answers when first needed (this module loads after primeSettings has them). */
function state(): State {
  current ??= { marker: deferredMarker(pageStartAnswers()), loading: undefined, failed: false };
  return current;
}

/** True when every settings answer in the cache is whole, or they cannot be made so. */
function complete(): boolean {
  return state().marker === undefined || state().failed;
}

function changed(): void {
  for (const listener of listeners) listener();
}

async function download(from: DeferredMarker): Promise<void> {
  const embedded = pageStartAnswers();
  let whole: Record<string, unknown>;
  try {
    const parts = (await fetchSettingsSet(from.url)) as DeferredParts;
    whole = Object.fromEntries(from.paths.map((path) => [path, { ...(embedded[path] as object), ...(parts[path] ?? {}) }]));
  } catch {
    // The spec's own calls answer in full.
    whole = Object.fromEntries(await Promise.all(from.paths.map(async (path) => [path, await fetchSettingsSet(path)] as const)));
  }
  await Promise.all(Object.entries(whole).map(([path, answer]) => mutate(path, answer, { revalidate: false })));
  state().marker = undefined;
  changed();
}

/** Puts the deferred parts back, once per page load. */
export function loadDeferredSettings(): Promise<void> {
  const now = state();
  if (!now.marker) return Promise.resolve();
  now.loading ??= download(now.marker).catch(() => {
    now.failed = true;
    changed();
  });
  return now.loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For a page that reads a deferred part: false until the settings in the cache are whole (the
 * page shows "Loading" meanwhile; DeferredSettingsLoader has started the download). A page the
 * server drew for that address embeds them: true from the start, on the server and at hydration
 * alike. When neither download answers it turns true with the parts still missing, and the page
 * says what it says when the settings call fails.
 */
export function useDeferredSettings(): boolean {
  return useSyncExternalStore(subscribe, complete, () => true);
}
