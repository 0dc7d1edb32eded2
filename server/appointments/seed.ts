/**
 * The demo practice's appointment book: sites, slot types, clinicians and their weekly sessions
 * (from which availability is generated), which slot types each referral or guideline books, and
 * the demo links (one per link state) listed in the project README. All fictional.
 */

export interface SiteDef {
  identifier: string;
  label: string;
  eprSource: string;
  virtual: boolean;
  /** 1: the practice's own sites (shared slotSites); 2: the next tier (alternativeSlotSites). */
  tier: number;
  address?: { street: string; city: string; postcode: string };
  email?: string;
  telephone?: string;
}

export interface SlotTypeDef {
  id: string;
  description: string;
  consultationType: 'FACE_TO_FACE' | 'TELEPHONE' | 'VIDEO';
  virtual: boolean;
  /** false: only the practice may change or cancel (RH-E109). */
  patientCanChange: boolean;
}

export interface SessionHolderDef {
  refID: string;
  name: string;
  role: string;
}

/** A weekly diary session: slots of `minutes` from `start` to `end` on the given week days (Monday 0). */
export interface SessionDef {
  site: string;
  holder: string;
  slotType: string;
  days: number[];
  start: string;
  end: string;
  minutes: number;
  name: string;
}

export const DEMO_SITES: SiteDef[] = [
  {
    identifier: 'riverside-main',
    label: 'Riverside Medical Practice',
    eprSource: 'EMIS',
    virtual: false,
    tier: 1,
    address: { street: '12 Riverside Road', city: 'Leeds', postcode: 'LS1 4AP' },
    email: 'reception@riverside-practice.example',
    telephone: '0113 496 0000',
  },
  {
    identifier: 'kirkgate',
    label: 'Kirkgate Branch Surgery',
    eprSource: 'EMIS',
    virtual: false,
    tier: 1,
    address: { street: '40 Kirkgate', city: 'Leeds', postcode: 'LS2 7DJ' },
    email: 'kirkgate@riverside-practice.example',
    telephone: '0113 496 0001',
  },
  {
    identifier: 'telephone-clinic',
    label: 'Telephone clinic',
    eprSource: 'EMIS',
    virtual: true,
    tier: 1,
    telephone: '0113 496 0000',
  },
  {
    identifier: 'central-hub',
    label: 'Leeds Central Extended Access Hub',
    eprSource: 'TPP',
    virtual: false,
    tier: 2,
    address: { street: '3 Park Square East', city: 'Leeds', postcode: 'LS1 2NE' },
    email: 'hub@leeds-central-pcn.example',
    telephone: '0113 496 0002',
  },
];

export const DEMO_SLOT_TYPES: SlotTypeDef[] = [
  { id: 'GP_F2F', description: 'GP appointment', consultationType: 'FACE_TO_FACE', virtual: false, patientCanChange: true },
  { id: 'GP_PHONE', description: 'Telephone call with a GP', consultationType: 'TELEPHONE', virtual: true, patientCanChange: true },
  { id: 'NURSE', description: 'Practice nurse appointment', consultationType: 'FACE_TO_FACE', virtual: false, patientCanChange: true },
  { id: 'PHYSIO', description: 'First contact physiotherapist', consultationType: 'FACE_TO_FACE', virtual: false, patientCanChange: true },
  { id: 'LTC_REVIEW', description: 'Long-term condition review', consultationType: 'FACE_TO_FACE', virtual: false, patientCanChange: false },
];

export const DEMO_SESSION_HOLDERS: SessionHolderDef[] = [
  { refID: 'HOLD-001', name: 'Dr Priya Shah', role: 'GP' },
  { refID: 'HOLD-002', name: 'Dr Tom Okafor', role: 'GP' },
  { refID: 'HOLD-003', name: 'Dr Hannah Lee', role: 'GP' },
  // A long name, to exercise the filter button's truncation at 30 characters.
  { refID: 'HOLD-004', name: 'Dr Alexandra Montgomery-Fitzwilliam', role: 'GP' },
  { refID: 'HOLD-005', name: 'Grace Mensah', role: 'Practice nurse' },
  { refID: 'HOLD-006', name: 'Ravi Patel', role: 'First contact physiotherapist' },
];

const WEEKDAYS = [0, 1, 2, 3, 4];

export const DEMO_SESSIONS: SessionDef[] = [
  { site: 'riverside-main', holder: 'HOLD-001', slotType: 'GP_F2F', days: WEEKDAYS, start: '08:30', end: '12:00', minutes: 15, name: 'Morning surgery' },
  { site: 'riverside-main', holder: 'HOLD-002', slotType: 'GP_F2F', days: WEEKDAYS, start: '14:00', end: '18:00', minutes: 15, name: 'Afternoon surgery' },
  { site: 'riverside-main', holder: 'HOLD-004', slotType: 'GP_F2F', days: [1, 3], start: '09:00', end: '12:00', minutes: 15, name: 'Morning surgery' },
  { site: 'riverside-main', holder: 'HOLD-005', slotType: 'NURSE', days: WEEKDAYS, start: '08:30', end: '12:30', minutes: 20, name: 'Nurse clinic' },
  { site: 'riverside-main', holder: 'HOLD-005', slotType: 'LTC_REVIEW', days: [2], start: '14:00', end: '16:00', minutes: 30, name: 'Review clinic' },
  { site: 'kirkgate', holder: 'HOLD-003', slotType: 'GP_F2F', days: WEEKDAYS, start: '09:00', end: '12:00', minutes: 15, name: 'Morning surgery' },
  { site: 'kirkgate', holder: 'HOLD-006', slotType: 'PHYSIO', days: [0, 2, 4], start: '09:00', end: '16:30', minutes: 30, name: 'Physiotherapy clinic' },
  { site: 'kirkgate', holder: 'HOLD-005', slotType: 'NURSE', days: [1, 3], start: '13:30', end: '16:30', minutes: 20, name: 'Nurse clinic' },
  { site: 'telephone-clinic', holder: 'HOLD-002', slotType: 'GP_PHONE', days: WEEKDAYS, start: '08:00', end: '11:00', minutes: 10, name: 'Telephone clinic' },
  { site: 'telephone-clinic', holder: 'HOLD-003', slotType: 'GP_PHONE', days: WEEKDAYS, start: '13:30', end: '17:30', minutes: 10, name: 'Telephone clinic' },
  { site: 'central-hub', holder: 'HOLD-004', slotType: 'GP_F2F', days: WEEKDAYS, start: '17:00', end: '19:30', minutes: 15, name: 'Evening surgery' },
  { site: 'central-hub', holder: 'HOLD-001', slotType: 'GP_F2F', days: [5], start: '09:00', end: '12:00', minutes: 15, name: 'Saturday surgery' },
];

/** How many days ahead availability is generated (six weeks). */
export const AVAILABILITY_DAYS = 42;

/** Patients may change or cancel until this many minutes before the start (later: RH-E008). */
export const CHANGE_CUTOFF_MINUTES = 60;

/** Slot types a referral books (urgency-by-referral-id keys); any other referral books DEFAULT_SLOT_TYPES. */
export const REFERRAL_SLOT_TYPES: Record<string, string[]> = {
  'ref-nurse': ['NURSE'],
  'ref-urgent-callback': ['GP_PHONE'],
};

/** Slot types a guideline books; takes precedence over its referral. */
export const GUIDELINE_SLOT_TYPES: Record<string, string[]> = {
  'Eligibility.FirstContactPhysio': ['PHYSIO'],
  'Eligibility.Immunisations': ['NURSE'],
};

export const DEFAULT_SLOT_TYPES = ['GP_F2F', 'GP_PHONE'];
export const AI_LED_SLOT_TYPES = ['GP_PHONE', 'GP_F2F'];

/** The sites and slot types as the shared settings carry them. */
export function sharedSlotSettings() {
  const site = (s: SiteDef) => ({
    identifier: s.identifier,
    label: s.label,
    eprSource: s.eprSource,
    virtual: s.virtual,
    sessionHolders: [...new Set(DEMO_SESSIONS.filter((x) => x.site === s.identifier).map((x) => x.holder))],
    ...(s.address ? { address: s.address } : {}),
    ...(s.email ? { email: s.email } : {}),
    ...(s.telephone ? { telephone: s.telephone } : {}),
  });
  const type = (t: SlotTypeDef) => ({ ...t });
  const tierTypes = (tier: number) =>
    DEMO_SLOT_TYPES.filter((t) => DEMO_SESSIONS.some((x) => x.slotType === t.id && DEMO_SITES.find((s) => s.identifier === x.site)?.tier === tier)).map(type);
  return {
    slotSites: DEMO_SITES.filter((s) => s.tier === 1).map(site),
    slotTypes: tierTypes(1),
    alternativeSlotSites: DEMO_SITES.filter((s) => s.tier === 2).map(site),
    alternativeSlotTypes: tierTypes(2),
  };
}

/** A patient on a demo request (the record system's demo patients of server/seed.ts, or one it no longer knows). */
export interface DemoPatient {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  postCode: string;
  sexAtBirth?: 'female' | 'male';
}

const AMELIA: DemoPatient = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP', sexAtBirth: 'female' };
const OMAR: DemoPatient = { firstName: 'Omar', lastName: "O'Sample", dateOfBirth: '1972-11-03', postCode: 'LS6 2QT', sexAtBirth: 'male' };
const SAM: DemoPatient = { firstName: 'Sam', lastName: 'Outage', dateOfBirth: '1995-12-05', postCode: 'LS5 3JR', sexAtBirth: 'female' };
const TARA: DemoPatient = { firstName: 'Tara', lastName: 'Timeout', dateOfBirth: '2000-03-09', postCode: 'LS7 4DN', sexAtBirth: 'female' };
/** Booked when the record said so; the record system has since lost them (RH-E012). */
const RITA: DemoPatient = { firstName: 'Rita', lastName: 'Renamed', dateOfBirth: '1981-08-08', postCode: 'LS9 8QQ', sexAtBirth: 'female' };

/**
 * A demo link. `appointment` books one: `daysAhead` working days ahead at the first free slot of
 * the slot type (or `minutesFromNow` on a slot made for it, or in the past), then sets its status.
 */
export interface DemoLinkDef {
  linkUUID: string;
  parType: 'APPOINTMENT_CONFIRMED' | 'DIRECT_BOOKING' | 'SELF_BOOKING_REQUEST';
  /** What it demonstrates (README). */
  label: string;
  patient?: DemoPatient;
  requestType: string;
  slotTypes: string[];
  expired?: boolean;
  maxUsesPerPatient?: number;
  maxPatients?: number;
  pendingBooking?: boolean;
  /** Patients (demo record ids) who already used the link, with their use counts. */
  usedBy?: Array<{ patientKey: string; uses: number }>;
  appointment?: {
    slotType: string;
    when: { daysAhead: number } | { minutesFromNow: number };
    status: 'BOOKED' | 'CANCELLED';
    practiceLocked?: boolean;
  };
}

export const DEMO_LINKS: DemoLinkDef[] = [
  {
    linkUUID: '677d8081-6678-49d5-9280-d19eb3053764',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'booked appointment: change or cancel it',
    patient: AMELIA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F', 'GP_PHONE'],
    appointment: { slotType: 'GP_F2F', when: { daysAhead: 3 }, status: 'BOOKED' },
  },
  {
    linkUUID: '9758618c-671d-4960-bdab-337f58e26893',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'cancelled appointment ("Appointment cancelled")',
    patient: OMAR,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
    appointment: { slotType: 'GP_F2F', when: { daysAhead: 4 }, status: 'CANCELLED' },
  },
  {
    linkUUID: '4035d870-84f3-4bc4-b45a-4c93fcf64318',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'appointment whose start has passed ("Appointment expired")',
    patient: AMELIA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
    appointment: { slotType: 'GP_F2F', when: { minutesFromNow: -24 * 60 }, status: 'BOOKED' },
  },
  {
    linkUUID: 'cc9b3869-4669-40d8-9ba9-07e30c0cc416',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'link past its expiry ("Appointment request expired")',
    patient: OMAR,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
    expired: true,
    appointment: { slotType: 'GP_F2F', when: { daysAhead: 5 }, status: 'BOOKED' },
  },
  {
    linkUUID: 'ba903abd-bc62-4ede-98b3-4f668c58cd4d',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'appointment type only the practice may change (RH-E109 on cancel or reschedule)',
    patient: AMELIA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['LTC_REVIEW'],
    appointment: { slotType: 'LTC_REVIEW', when: { daysAhead: 3 }, status: 'BOOKED' },
  },
  {
    linkUUID: '29b0d788-49e1-49ea-b2b0-23a7f3dc7300',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'appointment starting within the hour (RH-E008 on cancel or reschedule)',
    patient: OMAR,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_PHONE'],
    appointment: { slotType: 'GP_PHONE', when: { minutesFromNow: 40 }, status: 'BOOKED' },
  },
  {
    linkUUID: 'b3c34af9-868a-49d0-9394-106871202765',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'appointment the practice has already updated (RH-E1522 on cancel or reschedule)',
    patient: AMELIA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
    appointment: { slotType: 'GP_F2F', when: { daysAhead: 6 }, status: 'BOOKED', practiceLocked: true },
  },
  {
    linkUUID: 'b7a489c9-0c2b-4088-bc10-cc579d12692d',
    parType: 'APPOINTMENT_CONFIRMED',
    label: 'appointment of a patient the record system no longer matches (RH-E012 "Unable to find matched patient" on cancel)',
    patient: RITA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
    appointment: { slotType: 'GP_F2F', when: { daysAhead: 7 }, status: 'BOOKED' },
  },
  {
    linkUUID: '0c1f7e08-879f-4f13-82b1-d04475d4d888',
    parType: 'DIRECT_BOOKING',
    label: 'invitation to book, for Omar O\'Sample (other details: "don\'t correspond")',
    patient: OMAR,
    requestType: 'DIRECT_BOOKING',
    slotTypes: ['GP_F2F', 'GP_PHONE'],
    maxUsesPerPatient: 3,
  },
  {
    linkUUID: '086e459c-addb-4ae6-adc4-66d571b3dbae',
    parType: 'DIRECT_BOOKING',
    label: 'expired invitation (RH-E3741C)',
    patient: OMAR,
    requestType: 'DIRECT_BOOKING',
    slotTypes: ['GP_F2F'],
    expired: true,
  },
  {
    linkUUID: 'acd1d017-2a3d-45cc-ab7e-e65b78672125',
    parType: 'DIRECT_BOOKING',
    label: 'invitation already used as often as it allows (RH-E3741B)',
    patient: AMELIA,
    requestType: 'DIRECT_BOOKING',
    slotTypes: ['GP_F2F'],
    maxUsesPerPatient: 1,
    usedBy: [{ patientKey: 'p-amelia', uses: 1 }],
    appointment: { slotType: 'GP_F2F', when: { daysAhead: 2 }, status: 'CANCELLED' },
  },
  {
    linkUUID: 'd9729a19-e53d-4d7b-9aba-525d59f49d5b',
    parType: 'DIRECT_BOOKING',
    label: 'open invitation (any patient) already used by its 2 patients (RH-E3741A for anyone else, e.g. Amelia Testwell)',
    requestType: 'DIRECT_BOOKING',
    slotTypes: ['NURSE'],
    maxPatients: 2,
    maxUsesPerPatient: 1,
    usedBy: [
      { patientKey: 'p-omar', uses: 1 },
      { patientKey: 'p-charlie', uses: 1 },
    ],
  },
  {
    linkUUID: '8882a028-7277-4bfc-a61f-029713d3a084',
    parType: 'SELF_BOOKING_REQUEST',
    label: 'self-booking invitation for Amelia Testwell (date of birth 12/04/1985)',
    patient: AMELIA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F', 'GP_PHONE'],
    maxUsesPerPatient: 3,
  },
  {
    linkUUID: '030ae595-4324-4ff3-808f-d10a8e1d9ed6',
    parType: 'SELF_BOOKING_REQUEST',
    label: "self-booking physiotherapy invitation for Omar O'Sample (date of birth 03/11/1972)",
    patient: OMAR,
    requestType: 'ELIGIBILITY_BOOKING',
    slotTypes: ['PHYSIO'],
    maxUsesPerPatient: 3,
  },
  {
    linkUUID: 'cc39bc86-281f-4d60-8461-f41ab7b7c00e',
    parType: 'SELF_BOOKING_REQUEST',
    label: 'the practice is already booking this request (RH-E005 on booking; date of birth 12/04/1985)',
    patient: AMELIA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
    pendingBooking: true,
  },
  {
    linkUUID: 'cdb79454-e267-4425-989f-b13a1252377d',
    parType: 'SELF_BOOKING_REQUEST',
    label: 'Sam Outage, whose record system is down (RH-E002; date of birth 05/12/1995)',
    patient: SAM,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
  },
  {
    linkUUID: '39641740-175c-4665-902b-a0adb0254dd4',
    parType: 'SELF_BOOKING_REQUEST',
    label: 'Tara Timeout, temporary record failure (RH-E024; date of birth 09/03/2000)',
    patient: TARA,
    requestType: 'CONSULTATION_REQUEST',
    slotTypes: ['GP_F2F'],
  },
];
