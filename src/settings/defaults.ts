import type { AllSettings } from './types';

/**
 * What the app assumes when a settings call fails (failures are tolerated: docs/architecture.md, "Errors").
 * - shared: the triage feature only, no child requests, no national login: the core service
 *   stays usable and nothing the practice may not have enabled is opened.
 * - operational state: on and in hours; the server still refuses a request when a service
 *   is off (412 "Outside normal operating hours"), which the error system turns into the
 *   service-off screen.
 * - admin forms: none enabled (so no admin card). Notices: none.
 */
export const SETTINGS_DEFAULTS: AllSettings = {
  clinic: { name: 'Your GP practice' },
  patientApp: {},
  operationalState: {
    medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
    admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  },
  adminForms: { forms: [], patientEnabledForms: [] },
  notificationConfig: { sms: { enabled: false } },
  shared: { featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } },
  notices: [],
  urgencyByReferralId: {},
};
