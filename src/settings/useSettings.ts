import { useMemo } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { LOGIN_PATHS, SETTINGS_PATHS, fetchSettingsSet, getUserInfo, isLoggedIn } from '../api/index';
import { deriveFeatures, type Features } from '../routing/gating';
import { SETTINGS_DEFAULTS } from './defaults';
import type { AllSettings, NhsUserInfo } from './types';

const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
};

export interface SettingsState {
  /** Every settings set, with defaults in place of any that failed or are still loading. */
  settings: AllSettings;
  /** True once every settings call (and the login check, when login is on) has answered or failed. */
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
  return { ...fallback, ...(data as object) } as AllSettings[K];
}

function useSet<K extends Key>(key: K) {
  return useSWR<unknown>(SETTINGS_PATHS[key], fetchSettingsSet, SWR_OPTIONS);
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
  const data = keys.map((k) => results[k].data);
  // swr keeps each set's data object until it changes: building the settings from those same
  // objects gives the same settings object, so a component that re-renders (a keystroke in a
  // form) does not hand new parameters to its form and re-evaluate every rule.
  const settings = useMemo(() => Object.fromEntries(keys.map((k, i) => [k, withDefaults(k, data[i])])) as unknown as AllSettings, data);
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

  const ready = settled && loginSettled;
  const user = userInfo.data;
  return useMemo(() => ({ settings, ready, failed, loggedIn, user, features }), [settings, ready, failed, loggedIn, user, features]);
}
