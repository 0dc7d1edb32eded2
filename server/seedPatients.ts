// The demo practice's patient records (demo data only): who the record check finds, with which
// outcome, and the simulated national-login account. server/seeding.ts writes them to the database.
/**
 * Demo patient records. `ehrState` simulates the record system: ACTIVE, INACTIVE (→ INVALID_STATUS),
 * UNAVAILABLE (→ SERVICE_UNAVAILABLE), TEMPORARY (→ TEMPORARY_ERROR). The README lists which
 * inputs give which validation status.
 */
export interface PatientRecord {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  sexAtBirth: 'female' | 'male';
  postCode: string;
  nhsNumber: string;
  email: string | null;
  mobile: string | null;
  ehrState: 'ACTIVE' | 'INACTIVE' | 'UNAVAILABLE' | 'TEMPORARY';
  updateContactRequested: boolean;
}

export const DEMO_PATIENTS: PatientRecord[] = [
  {
    id: 'p-amelia',
    firstName: 'Amelia',
    lastName: 'Testwell',
    dateOfBirth: '1985-04-12',
    sexAtBirth: 'female',
    postCode: 'LS1 4AP',
    nhsNumber: '9990000018',
    email: 'amelia.testwell@example.com',
    mobile: '07400 123456',
    ehrState: 'ACTIVE',
    updateContactRequested: false,
  },
  {
    id: 'p-omar',
    firstName: 'Omar',
    lastName: "O'Sample",
    dateOfBirth: '1972-11-03',
    sexAtBirth: 'male',
    postCode: 'LS6 2QT',
    nhsNumber: '9990000026',
    email: 'omar.osample@example.com',
    mobile: '07400 234567',
    ehrState: 'ACTIVE',
    updateContactRequested: false,
  },
  {
    id: 'p-charlie',
    firstName: 'Charlie',
    lastName: 'Testwell',
    dateOfBirth: '2018-06-01',
    sexAtBirth: 'male',
    postCode: 'LS1 4AP',
    nhsNumber: '9990000034',
    email: 'amelia.testwell@example.com',
    mobile: '07400 123456',
    ehrState: 'ACTIVE',
    updateContactRequested: false,
  },
  {
    id: 'p-noah',
    firstName: 'Noah',
    lastName: 'Nomail',
    dateOfBirth: '1979-09-30',
    sexAtBirth: 'male',
    postCode: 'LS2 7EE',
    nhsNumber: '9990000042',
    email: null,
    mobile: '07400 345678',
    ehrState: 'ACTIVE',
    updateContactRequested: false,
  },
  {
    id: 'p-ivy',
    firstName: 'Ivy',
    lastName: 'Bademail',
    dateOfBirth: '1990-02-14',
    sexAtBirth: 'female',
    postCode: 'LS3 1AB',
    nhsNumber: '9990000050',
    email: 'ivy.bademail@@example',
    mobile: null,
    ehrState: 'ACTIVE',
    updateContactRequested: false,
  },
  {
    id: 'p-isaac',
    firstName: 'Isaac',
    lastName: 'Inactive',
    dateOfBirth: '1968-07-21',
    sexAtBirth: 'male',
    postCode: 'LS4 2HX',
    nhsNumber: '9990000069',
    email: 'isaac.inactive@example.com',
    mobile: null,
    ehrState: 'INACTIVE',
    updateContactRequested: false,
  },
  {
    id: 'p-sam',
    firstName: 'Sam',
    lastName: 'Outage',
    dateOfBirth: '1995-12-05',
    sexAtBirth: 'female',
    postCode: 'LS5 3JR',
    nhsNumber: '9990000077',
    email: 'sam.outage@example.com',
    mobile: null,
    ehrState: 'UNAVAILABLE',
    updateContactRequested: false,
  },
  {
    id: 'p-tara',
    firstName: 'Tara',
    lastName: 'Timeout',
    dateOfBirth: '2000-03-09',
    sexAtBirth: 'female',
    postCode: 'LS7 4DN',
    nhsNumber: '9990000085',
    email: 'tara.timeout@example.com',
    mobile: null,
    ehrState: 'TEMPORARY',
    updateContactRequested: false,
  },
  {
    id: 'p-ursula',
    firstName: 'Ursula',
    lastName: 'Update',
    dateOfBirth: '1958-05-17',
    sexAtBirth: 'female',
    postCode: 'LS8 1PL',
    nhsNumber: '9990000093',
    email: 'ursula.update@example.com',
    mobile: '07400 456789',
    ehrState: 'ACTIVE',
    updateContactRequested: true,
  },
];

/** The simulated national-login account: Amelia Testwell. */
export const DEMO_LOGIN_PATIENT_ID = 'p-amelia';
