// Settings of the practice (schemas/api/README.md, "Settings"): read once at start by
// useSettings (src/settings/useSettings.ts) with swr; a failing set falls back to its defaults.
import type { AllSettings } from '../settings/types';
import { getJson } from './client';

export const SETTINGS_PATHS: Readonly<Record<keyof AllSettings, string>> = {
  clinic: '/api/v1/settings/clinic',
  patientApp: '/api/v1/settings/patient-app',
  operationalState: '/api/v1/settings/operational-state',
  adminForms: '/api/v1/settings/admin-forms',
  notificationConfig: '/api/v1/settings/notification-config',
  shared: '/api/v1/settings/shared',
  notices: '/api/v1/triage/practice-notice/published-enabled',
  urgencyByReferralId: '/api/v1/settings/urgency-by-referral-id',
};

/** swr's fetcher for a settings set (the key is its path); the body is checked by `withDefaults`. */
export const fetchSettingsSet = (path: string): Promise<unknown> => getJson<unknown>(path);
