import { useMemo } from 'react';
import useSWR, { mutate, preload, type SWRConfiguration } from 'swr';
import { LOGIN_PATHS, SETTINGS_PATHS, fetchSettingsSet, getUserInfo, isLoggedIn } from '../api/index';
import { deriveFeatures, type Features } from '../routing/gating';
import { SETTINGS_DEFAULTS } from './defaults';
import type { AllSettings, NhsUserInfo } from './types';
import { noteStartAnswers } from './startAnswers';

// Read once per page load: a screen that mounts later takes the answers in the cache. swr's
// default (revalidateIfStale) asked for every set again whenever a screen mounted more than its
// 2 s dedupe window after the last call: nine calls (the 80 kB patient-app set among them) on each
// move from home to the search.
const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
};

export interface SettingsState {
  /** Every settings set, with defaults in place of any that failed or are still loading. */
  settings: AllSettings;
  /** True once every settings call (and the login check when login is on, and the user's details when logged in) has answered or failed. */
  ready: boolean;
  /** Settings sets whose call failed (defaults are used for them). */
  failed: (keyof AllSettings)[];
  loggedIn: boolean;
  user: NhsUserInfo | undefined;
  features: Features;
}

type Key = keyof AllSettings;

/** Merges a loaded set over its defaults: objects shallowly, arrays replaced. */
export function withDefaults<K extends Key>(key: K, data: unknown): AllSettings[K] {
  const fallback = SETTINGS_DEFAULTS[key];
  if (data === undefined || data === null) return fallback;
  if (Array.isArray(fallback)) return (Array.isArray(data) ? data : fallback) as AllSettings[K];
  if (typeof data !== 'object' || Array.isArray(data)) return fallback;
  // The practice's number arrives in national format (server/routes/settings.ts formats it), so
  // the home page does not ship libphonenumber-js.
  return { ...fallback, ...(data as object) } as AllSettings[K];
}

function useSet<K extends Key>(key: K) {
  return useSWR<unknown>(SETTINGS_PATHS[key], fetchSettingsSet, SWR_OPTIONS);
}

/** Starts one call through swr's preload (the hook's first fetch of `path` takes it) and puts its answer in swr's cache. */
async function prime(path: string, fetcher: (path: string) => Promise<unknown>): Promise<unknown> {
  const data: unknown = await preload(path, fetcher);
  await mutate(path, data, { revalidate: false });
  return data;
}

/** Answers the page already carries, by path (the server-rendered page's data block: src/main.tsx), some less their deferred parts (src/settings/firstScreenData.ts). */
export type StartData = Readonly<Record<string, unknown>>;

/**
 * Called once before the first render (main.tsx): makes the calls useSettings makes — every
 * settings set, then the login check when the shared set turns NHS login on, then the signed-in
 * patient's details — and puts the answers
 * in swr's cache, so the first render already has them (no "Initialising" render, no re-render
 * per answer). The hook's own first fetch of each path takes the same call (swr `preload`): nothing
 * is asked twice, and a failed call reaches the hook as the failure it handles (defaults). The
 * calls themselves were started by index.html's preloads. An answer in `embedded` (the page the
 * server drew carries them) is taken from there and not asked for at all; one it carries without
 * its deferred parts is completed when a page that reads them opens (useDeferredSettings).
 * README.md "Serving and speed on a phone".
 */
export async function primeSettings(embedded: StartData = {}): Promise<void> {
  noteStartAnswers(embedded);
  const from =
    <T>(fetcher: (path: string) => Promise<T>) =>
    (path: string): Promise<T> =>
      Object.hasOwn(embedded, path) ? Promise.resolve(embedded[path] as T) : fetcher(path);
  const keys = Object.keys(SETTINGS_PATHS) as Key[];
  const sets = keys.map((key) => prime(SETTINGS_PATHS[key], from(fetchSettingsSet)).catch(() => undefined));
  const shared = withDefaults('shared', await sets[keys.indexOf('shared')]);
  // Then, for a patient signed in with NHS login, their details (the forms start from them).
  const login = shared.nhsLogin?.enabled === true ? prime(LOGIN_PATHS.isLoggedIn, from(isLoggedIn)).catch(() => undefined) : undefined;
  const user = login?.then((loggedIn) => (loggedIn === true ? prime(LOGIN_PATHS.userInfo, from(getUserInfo)).catch(() => undefined) : undefined));
  await Promise.all([...sets, user]);
}

/**
 * All settings sets (schemas/api/README.md, "Settings"), loaded together at start with swr; a failing call is tolerated
 * (its defaults are used and the others still work). Settings calls never raise a popup.
 */
export function useSettings(): SettingsState {
  const results = {
    clinic: useSet('clinic'),
    patientApp: useSet('patientApp'),
    operationalState: useSet('operationalState'),
    adminForms: useSet('adminForms'),
    notificationConfig: useSet('notificationConfig'),
    shared: useSet('shared'),
    notices: useSet('notices'),
    urgencyByReferralId: useSet('urgencyByReferralId'),
  } satisfies Record<Key, unknown>;

  const keys = Object.keys(results) as Key[];
  // swr keeps each set's data object until it changes: building the settings from those same
  // objects gives the same settings object, so a component that re-renders (a keystroke in a
  // form) does not hand new parameters to its form and re-evaluate every rule.
  const { clinic, patientApp, operationalState, adminForms, notificationConfig, shared, notices, urgencyByReferralId } = results;
  const settings = useMemo(
    () =>
      ({
        clinic: withDefaults('clinic', clinic.data),
        patientApp: withDefaults('patientApp', patientApp.data),
        operationalState: withDefaults('operationalState', operationalState.data),
        adminForms: withDefaults('adminForms', adminForms.data),
        notificationConfig: withDefaults('notificationConfig', notificationConfig.data),
        shared: withDefaults('shared', shared.data),
        notices: withDefaults('notices', notices.data),
        urgencyByReferralId: withDefaults('urgencyByReferralId', urgencyByReferralId.data),
      }) satisfies Record<Key, unknown> as unknown as AllSettings,
    [clinic.data, patientApp.data, operationalState.data, adminForms.data, notificationConfig.data, shared.data, notices.data, urgencyByReferralId.data],
  );
  const settled = keys.every((k) => results[k].data !== undefined || results[k].error !== undefined);
  const failedKey = keys.filter((k) => results[k].error !== undefined).join(',');
  const failed = useMemo(() => (failedKey ? (failedKey.split(',') as Key[]) : []), [failedKey]);

  // Only the shared set says whether NHS login is on: the check starts as soon as that set is in.
  const loginEnabled = settings.shared.nhsLogin?.enabled === true;
  const sharedSettled = results.shared.data !== undefined || results.shared.error !== undefined;
  const loginCheck = useSWR<boolean>(sharedSettled && loginEnabled ? LOGIN_PATHS.isLoggedIn : null, isLoggedIn, SWR_OPTIONS);
  const loggedIn = loginCheck.data === true;
  const userInfo = useSWR<NhsUserInfo>(loggedIn ? LOGIN_PATHS.userInfo : null, getUserInfo, SWR_OPTIONS);
  const loginSettled = !loginEnabled || loginCheck.data !== undefined || loginCheck.error !== undefined;

  const features = useMemo(
    () =>
      deriveFeatures({
        featureSets: Array.isArray(settings.shared.featureSets) ? settings.shared.featureSets : SETTINGS_DEFAULTS.shared.featureSets,
        enableChildRequests: settings.shared.enableChildRequests === true,
        loggedIn,
      }),
    [settings.shared, loggedIn],
  );

  // A signed-in patient's details are part of the start (their forms begin with their mobile
  // number and email); a failed call counts as answered (its errors are ignored).
  const userSettled = !loggedIn || userInfo.data !== undefined || userInfo.error !== undefined;
  const ready = settled && loginSettled && userSettled;
  const user = userInfo.data;
  return useMemo(() => ({ settings, ready, failed, loggedIn, user, features }), [settings, ready, failed, loggedIn, user, features]);
}
