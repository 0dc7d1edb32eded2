// Settings shapes of the practice API contract (schemas/api/README.md, spec rules 7.1).
import type { Clinic } from '../api/settings';

export type { Clinic };

export interface ServiceState {
  operationalStatus: 'SERVICE_ON' | 'SERVICE_OFF';
  practiceCalendar: 'IN_HOURS' | 'OUT_OF_HOURS';
}

export interface OperationalState {
  medical: ServiceState;
  admin: ServiceState;
}

export interface MedicalDeviceClassification {
  appName?: string;
  appVersion?: string;
  releaseDate?: string;
  companyDetails?: { name?: string; address?: string; telephone?: string; email?: string };
  intendedPurpose?: string;
  warnings?: string[];
}

export interface PatientAppSettings {
  triageMapping?: unknown;
  triageMappingSearch?: Record<string, number>;
  flowConfig?: Record<string, { enableManualPatientAuth?: boolean; enableNhsLogin?: boolean }>;
  enableSelectSessionHolder?: boolean;
  virtualSlotTypeLabel?: string;
  medicalDeviceClassification?: MedicalDeviceClassification;
  freeTextInput?: { enabled?: boolean; patientNeedOptions?: { value: string; label: string }[] };
  emergencyOverrideOptions?: { id: string; label: string }[];
  enableAneSubmission?: boolean;
  useProxy?: boolean;
  poweredBy?: { text?: string; url?: string };
}

export interface AdminFormsSettings {
  forms: { type: string; label: string; subTitle?: string; requiresPatientRecord?: boolean }[];
  links?: Record<string, string>;
  customFields?: Record<string, string>;
  patientEnabledForms: string[];
}

export interface NotificationConfig {
  sms: { enabled: boolean };
}

export interface SharedSettings {
  slotSites?: unknown;
  slotTypes?: unknown;
  alternativeSlotSites?: unknown;
  alternativeSlotTypes?: unknown;
  eligibilityGuidelines?: unknown;
  childGuidelines?: unknown;
  anE?: unknown;
  featureSets: string[];
  enableChildRequests: boolean;
  nhsLogin: { enabled: boolean; clusterUri?: string };
}

export interface PracticeNotice {
  id: string;
  title: string;
  content: string;
  publishedAt?: string;
}

export type UrgencyByReferralId = Record<string, { urgency: string; colour: string }>;

export interface AllSettings {
  clinic: Clinic;
  patientApp: PatientAppSettings;
  operationalState: OperationalState;
  adminForms: AdminFormsSettings;
  notificationConfig: NotificationConfig;
  shared: SharedSettings;
  notices: PracticeNotice[];
  urgencyByReferralId: UrgencyByReferralId;
}
