// Demo data only: the enums it uses (flow types, admin form types) come from the contract
// (generated from schemas/api), and the code that writes it to the database is server/seeding.ts.
import type { AdminFormsSettings } from '../generated/types/api/admin-forms-settings';
import type { Clinic } from '../generated/types/api/clinic';
import { FLOW_TYPE_VALUES } from '../generated/types/api/flow-type';
import type { FlowConfig } from '../generated/types/api/flow-config';
import { sharedSlotSettings } from './appointments/seed.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathwaySettings, readPathwayDocuments } from './engine/settings.js';

/**
 * Settings that name pathways (triageMapping, eligibilityGuidelines, childGuidelines, ai-led),
 * generated from schemas/questionnaires at start so they never drift from the documents.
 */
export const DEMO_PATHWAY_DOCUMENTS = readPathwayDocuments(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas', 'questionnaires'));
export const DEMO_PATHWAY_SETTINGS = pathwaySettings(DEMO_PATHWAY_DOCUMENTS);

/** The demo practice: what a fresh `npm start` shows. All names, numbers and addresses are fictional. */
const DEMO_CLINIC = {
  name: 'Riverside Medical Practice',
  street: '12 Riverside Road',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  telephone: '0113 496 0000',
  email: 'reception@riverside-practice.example',
  clinicUrl: 'https://riverside-practice.example',
  identifier: 'B86001',
  privacyPolicyUrl: 'https://riverside-practice.example/privacy',
  tenantId: 'riverside',
} satisfies Clinic;

/** Manual patient authentication (patient check against the record) per flow; the login is offered where a patient acts for themselves. */
const MANUAL_AUTH_FLOWS = new Set<string>(['ADMIN_REQUEST', 'MEDICAL_REQUEST', 'SMART_DIRECT_BOOKING', 'CHILD_REQUEST']);
const LOGIN_FLOWS = new Set<string>(['ADMIN_REQUEST', 'MEDICAL_REQUEST', 'SMART_DIRECT_BOOKING', 'PATIENT_DIRECT_BOOKING']);

const DEMO_FLOW_CONFIG: FlowConfig = Object.fromEntries(
  FLOW_TYPE_VALUES.map((flow) => [flow, { enableManualPatientAuth: MANUAL_AUTH_FLOWS.has(flow), enableNhsLogin: LOGIN_FLOWS.has(flow) }]),
);

export const DEMO_PATIENT_APP = {
  triageMapping: DEMO_PATHWAY_SETTINGS.triageMapping,
  // The product's default search settings.
  triageMappingSearch: {
    mainSearchMinThreshold: 0.5,
    mainSearchFuzzyDifference: 0.1,
    fuzzyMinThreshold: 0.5,
    fuzzyDifference: 0.1,
    maximumNumberOfPathways: 6,
    minSearchTermLength: 3,
  },
  flowConfig: DEMO_FLOW_CONFIG,
  enableSelectSessionHolder: true,
  virtualSlotTypeLabel: 'Telephone call',
  medicalDeviceClassification: {
    appName: 'Your GP practice online',
    appVersion: '0.1.0',
    releaseDate: '2025-01-15',
    companyDetails: {
      name: 'Example Health Software Ltd',
      address: '1 Example Street, Leeds LS1 1AA',
      telephone: '0113 496 0999',
      email: 'support@health-software.example',
    },
    intendedPurpose:
      'Helps patients of a GP practice describe a health problem or an admin need so that the practice can decide how and how soon to help. It does not diagnose.',
    warnings: [
      'In an emergency, call 999.',
      'If you need urgent help and it is not an emergency, call 111 or use 111 online.',
      'This service does not replace advice from a healthcare professional.',
    ],
  },
  freeTextInput: {
    enabled: true,
    patientNeedOptions: [
      { value: 'ADVICE', label: 'I need advice' },
      { value: 'APPOINTMENT', label: 'I would like an appointment' },
      { value: 'MEDICATION', label: 'It is about my medication' },
      { value: 'OTHER', label: 'Something else' },
    ],
  },
  emergencyOverrideOptions: [
    { id: 'patient_override_for_gp', label: 'Patient override for GP' },
    { id: 'by_end_tomorrow', label: 'By end tomorrow' },
    { id: 'already_seen_urgent_care', label: 'I have already been seen by urgent care for this problem' },
    { id: 'none_of_the_above', label: 'None of the above' },
  ],
  enableAneSubmission: true,
  useProxy: true,
  poweredBy: { text: 'Powered by Example Health Software', url: 'https://health-software.example' },
};

const DEMO_OPERATIONAL_STATE = {
  medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
};

/**
 * The menu (forms, patientEnabledForms) is not written here: it comes from the form documents'
 * `menu` entries, synced into these settings on every start and reload (server/documents), so a
 * new form document is the whole change. A fresh database starts with every menu form enabled.
 */
export const DEMO_ADMIN_FORMS: AdminFormsSettings = {
  forms: [],
  links: {
    privateFees: 'https://riverside-practice.example/private-fees',
    selfReferral: 'https://riverside-practice.example/self-referral',
    sickLeaveRights: 'https://www.gov.uk/taking-sick-leave',
    practiceBoundary: 'https://riverside-practice.example/boundary',
    findAPharmacy: 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy',
  },
  customFields: { 'minimum-dr-letter-charge': '25.00' },
  patientEnabledForms: [],
};

const DEMO_NOTIFICATION_CONFIG = { sms: { enabled: true } };

const DEMO_SHARED = {
  // Sites and slot types of the appointment book (server/appointments/seed.ts).
  ...sharedSlotSettings(),
  eligibilityGuidelines: DEMO_PATHWAY_SETTINGS.eligibilityGuidelines,
  childGuidelines: DEMO_PATHWAY_SETTINGS.childGuidelines,
  anE: {},
  featureSets: ['SMART_TRIAGE', 'SMART_DIRECT_BOOKING', 'PATIENT_DIRECT_BOOKING'],
  enableChildRequests: true,
  nhsLogin: { enabled: true, clusterUri: '/nhs-login' },
};

/**
 * Practice notices are HTML written by the practice. The first deliberately carries a script
 * element and an onerror attribute: the app must sanitise before showing (tests rely on it).
 */
const DEMO_NOTICES = [
  {
    id: 'notice-flu-clinics',
    title: 'Flu clinics',
    content:
      '<p>Our <strong>flu clinics</strong> run on Saturday mornings in October.</p>' +
      '<ul><li>Adults aged 65 and over</li><li>Children aged 2 and 3</li></ul>' +
      '<script>window.__noticeScriptRan = true</script>' +
      '<img src="x" onerror="window.__noticeOnerrorRan = true" alt="">' +
      '<p><a href="https://riverside-practice.example/flu">Read more about flu clinics</a></p>',
    publishedAt: '2025-09-01T08:00:00.000Z',
  },
  {
    id: 'notice-bank-holiday',
    title: 'Bank holiday opening',
    content: '<p>The practice is <em>closed</em> on bank holidays. Call <strong>111</strong> if you need help.</p>',
    publishedAt: '2025-08-20T08:00:00.000Z',
  },
];

export const DEMO_URGENCY = {
  'ref-emergency': { urgency: 'Emergency_indication', colour: 'BLACK' },
  'ref-ae': { urgency: 'A_E_department', colour: 'RED' },
  'ref-urgent-callback': { urgency: 'Urgent_callback', colour: 'RED' },
  'ref-same-day': { urgency: 'Same_day_appointment', colour: 'AMBER' },
  'ref-end-tomorrow': { urgency: 'By_end_tomorrow', colour: 'YELLOW' },
  'ref-5-days': { urgency: 'Within_5_days', colour: 'GREEN' },
  'ref-routine': { urgency: 'TRoutine', colour: 'GREEN' },
  'ref-nurse': { urgency: 'Nurse', colour: 'UNKNOWN' },
};

/** Guidelines whose questionnaires are AI-led (settings ai-led / ai-led-pathways): isAiLedGuideline of the documents. */
export const DEMO_AI_LED = { guidelineIds: DEMO_PATHWAY_SETTINGS.aiLedGuidelineIds };

export const DEMO_SETTINGS: Record<string, unknown> = {
  clinic: DEMO_CLINIC,
  'patient-app': DEMO_PATIENT_APP,
  'operational-state': DEMO_OPERATIONAL_STATE,
  'admin-forms': DEMO_ADMIN_FORMS,
  'notification-config': DEMO_NOTIFICATION_CONFIG,
  shared: DEMO_SHARED,
  'practice-notices': DEMO_NOTICES,
  'urgency-by-referral-id': DEMO_URGENCY,
  'ai-led': DEMO_AI_LED,
};
