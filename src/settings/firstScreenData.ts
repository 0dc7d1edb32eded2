import { SETTINGS_PATHS } from '../api/settings';

/**
 * What a server-drawn page embeds of the settings (src/entry-server.tsx): every set, less the
 * large parts only the symptom searches read. The patient-app set's `triageMapping` (every
 * pathway's label and symptoms) and the shared set's `childGuidelines` are about 100 kB of the
 * page's JSON (about 27 kB of its brotli): the home page never reads them. A page that searches
 * embeds them; any other page leaves them out and says where they are (`DeferredMarker`), and the
 * search asks for them when the patient goes there (src/settings/useDeferredSettings.ts).
 * docs/operations.md "Serving and speed on a phone".
 */
export const DEFERRED_PARTS: Readonly<Record<string, readonly string[]>> = {
  [SETTINGS_PATHS.patientApp]: ['triageMapping'],
  [SETTINGS_PATHS.shared]: ['childGuidelines'],
};

/**
 * The pages that read a deferred part while drawing: the adult symptom search, the chosen
 * pathway's details step (it names the pathway from the mapping) and the child menu.
 */
const PAGES_THAT_SEARCH: readonly string[] = ['/triage', '/triage/patient-details', '/child-request/menu'];

/** The data block's key for the marker; never a path, so never a settings answer. */
export const DEFERRED_KEY = '#deferred';

/** What a page that left the deferred parts out carries instead: where they are, and which sets lack them. */
export interface DeferredMarker {
  /** The parts, as a content-addressed file the browser may keep (server/appPageData.ts). */
  url: string;
  /** The settings paths whose embedded answer lacks its deferred parts. */
  paths: string[];
}

/** The deferred parts of each answer, by path: `{ [path]: { [part]: value } }`. */
export type DeferredParts = Record<string, Record<string, unknown>>;

/** Whether the page at `pathname` reads a deferred part as it draws (as React Router matches: any case, a trailing slash or not). */
export function pageReadsDeferredParts(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return PAGES_THAT_SEARCH.includes(path);
}

/** Whether the page at this address reads a deferred part, or is the emergency check on the way to one (`?next=`). */
export function leadsToSearch(pathname: string, search: string): boolean {
  if (pageReadsDeferredParts(pathname)) return true;
  const next = new URLSearchParams(search).get('next');
  return next !== null && next.startsWith('/') && pageReadsDeferredParts(next.split(/[?#]/)[0]!);
}

/**
 * The answers without their deferred parts, and those parts (empty when no answer had any).
 * `answers` is by path (what the render fetched); the answers themselves are not changed.
 */
export function splitDeferred(answers: Readonly<Record<string, unknown>>): { embedded: Record<string, unknown>; deferred: DeferredParts } {
  const embedded: Record<string, unknown> = { ...answers };
  const deferred: DeferredParts = {};
  for (const [path, parts] of Object.entries(DEFERRED_PARTS)) {
    const answer = answers[path];
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) continue;
    const present = parts.filter((part) => Object.hasOwn(answer, part));
    if (present.length === 0) continue;
    const rest: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
    const taken: Record<string, unknown> = {};
    for (const part of present) {
      taken[part] = rest[part];
      delete rest[part];
    }
    embedded[path] = rest;
    deferred[path] = taken;
  }
  return { embedded, deferred };
}

/** Reads a marker from a page's data block; anything else is undefined. */
export function deferredMarker(data: Readonly<Record<string, unknown>>): DeferredMarker | undefined {
  const marker = data[DEFERRED_KEY] as Partial<DeferredMarker> | undefined;
  if (!marker || typeof marker.url !== 'string' || !Array.isArray(marker.paths)) return undefined;
  return { url: marker.url, paths: marker.paths.filter((p): p is string => typeof p === 'string') };
}
