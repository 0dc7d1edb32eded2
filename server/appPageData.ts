import { createHash } from 'node:crypto';

/**
 * The settings parts a server-drawn page leaves out of its data block (src/settings/firstScreenData.ts:
 * the symptom search's pathway list and the child pathways, ~100 kB of JSON the home page never
 * reads), served as content-addressed files: `/app-data/<hash of the content>.json`. A page that
 * searches asks for the one its own page named when the patient goes there; the name changes when
 * the content does, so the file is cached for good (`immutable`) and a return visit with the same
 * settings does not download it again. Only settings are in it (what the spec's settings calls
 * answer anyone), never a patient's data. docs/operations.md "Serving and speed on a phone".
 */
export const APP_DATA_PREFIX = '/app-data/';

/** The data block's key for where the parts are; src/settings/firstScreenData.ts reads it (DEFERRED_KEY). */
export const DEFERRED_KEY = '#deferred';

/** How many versions are kept ready (each is the settings' content; a configurer's edit adds one). */
const KEPT = 4;

const FILE_NAME = /^([A-Za-z0-9_-]{22})\.json$/;

export interface DeferredPartsFiles {
  /** The address of `parts` (kept, so the page that names it finds it). */
  put(parts: Readonly<Record<string, unknown>>): string;
  /**
   * The JSON text of the file `name` (`<hash>.json`): a kept one, or the parts as the settings are
   * now when they hash to it; undefined when no such content is known (the page was drawn with
   * settings since changed, on a server since restarted: the app then asks the settings calls).
   */
  get(name: string): Promise<string | undefined>;
}

function hashOf(json: string): string {
  return createHash('sha256').update(json).digest('base64url').slice(0, 22);
}

/** `current`: the deferred parts of the settings as they are now. */
export function deferredPartsFiles(current: () => Promise<Readonly<Record<string, unknown>>>): DeferredPartsFiles {
  const kept = new Map<string, string>();
  const keep = (json: string): string => {
    const hash = hashOf(json);
    if (!kept.has(hash)) {
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(hash, json);
    }
    return hash;
  };
  return {
    put: (parts) => `${APP_DATA_PREFIX}${keep(JSON.stringify(parts))}.json`,
    async get(name) {
      const hash = FILE_NAME.exec(name)?.[1];
      if (!hash) return undefined;
      const known = kept.get(hash);
      if (known !== undefined) return known;
      const json = JSON.stringify(await current());
      return keep(json) === hash ? json : undefined;
    },
  };
}
