// The settings sets of the practice API contract (schemas/api/README.md, "Settings"). Every
// type is generated from schemas/api by `npm run codegen`: a contract change breaks the build
// here instead of drifting from a hand-written copy.
import type { Clinic } from '../../generated/types/api/clinic';
import type { PatientAppSettings, MedicalDeviceClassification } from '../../generated/types/api/patient-app-settings';
import type { OperationalState, ServiceState } from '../../generated/types/api/operational-state';
import type { AdminFormsSettings, AdminFormDescriptor } from '../../generated/types/api/admin-forms-settings';
import type { NotificationConfig } from '../../generated/types/api/notification-config';
import type { SharedSettings } from '../../generated/types/api/shared-settings';
import type { PracticeNotices } from '../../generated/types/api/practice-notices';
import type { UrgencyByReferralId } from '../../generated/types/api/urgency-by-referral-id';
import type { FlowConfig, FlowSettings } from '../../generated/types/api/flow-config';
import type { NhsUserInfo } from '../../generated/types/api/nhs-user-info';

export type { AdminFormDescriptor, MedicalDeviceClassification, NhsUserInfo, ServiceState };

/** A set the app may hold as its defaults (`defaults.ts`) when its call failed: only the members named are sure to be there. */
type WithDefaults<T, Sure extends keyof T = never> = Pick<T, Sure> & Partial<Omit<T, Sure>>;

/** Every settings set, keyed as the app holds them (`useSettings`). */
export interface AllSettings {
  clinic: WithDefaults<Clinic, 'name'>;
  patientApp: WithDefaults<PatientAppSettings>;
  operationalState: OperationalState;
  adminForms: WithDefaults<AdminFormsSettings, 'forms' | 'patientEnabledForms'>;
  notificationConfig: NotificationConfig;
  shared: WithDefaults<SharedSettings, 'featureSets' | 'enableChildRequests' | 'nhsLogin'>;
  notices: PracticeNotices;
  urgencyByReferralId: UrgencyByReferralId;
}

/** The flowConfig entry of a flow type (ADMIN_REQUEST, MEDICAL_REQUEST…), if the practice gave one. */
export function flowSettings(patientApp: AllSettings['patientApp'], flow: string): FlowSettings | undefined {
  return patientApp.flowConfig?.[flow as keyof FlowConfig];
}
