// The demo links of the demo practice's appointment book, one per link state (listed in
// docs/api.md), and the fictional patients they are for.

/** A patient on a demo request (the record system's demo patients of server/seed.ts, or one it no longer knows). */
interface DemoPatient {
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
