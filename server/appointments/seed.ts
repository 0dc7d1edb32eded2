/**
 * The demo practice's appointment book: sites, slot types, clinicians and their weekly sessions
 * (from which availability is generated), and which slot types each referral or guideline books.
 * The demo links are in demoLinks.ts. All fictional.
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
