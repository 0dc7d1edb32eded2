// Answer sets for the form documents: one valid set per document, and the product's messages
// for an empty form (word for word). Dates are relative to TODAY.
import type { FormData, Parameters } from '../../../../renderer/core/index';

/** "Today" for every date check in these tests: Tuesday 10 March 2026. */
export const TODAY = new Date(2026, 2, 10, 12, 0, 0);

export interface Sample {
  params?: Parameters;
  /** Answers that validate with no error. */
  valid: FormData;
  /** field → message when the form is sent empty (with `params`). */
  emptyMessages: Record<string, string>;
  /** Further cases: answers (merged over `valid`) → field → message. */
  cases?: Array<{ name: string; data: FormData; params?: Parameters; messages: Record<string, string> }>;
}

const PROVIDE_INPUT = 'Please provide input.';
const NAME_RULE = "Names may include letters, numbers, hyphens ( - ), apostrophes ( ' ) and full-stops ( . ) only.";

export const SAMPLES: Record<string, Sample> = {
  DOCTOR_LETTER: {
    valid: { description: 'A letter for my employer about my asthma.', namedGP: 'Dr Patel' },
    emptyMessages: { description: 'Please enter a description of your condition.' },
  },
  TEST_RESULTS: {
    valid: { type: 'Other', otherType: 'ECG', when: '2026-02-20', where: 'St James hospital' },
    emptyMessages: { type: 'Please select a test type.', when: 'Please provide a test date.', where: 'Please enter a test location.' },
    cases: [{ name: 'Other without a test type', data: { otherType: '' }, messages: { otherType: 'Please define which type of test is required.' } }],
  },
  OTHER_ENQUIRY: {
    valid: { questionType: 'Medication', description: 'Can I take my tablets with food?', confirmedItsNotUrgent: true },
    emptyMessages: {
      questionType: 'Please select question type.',
      description: 'Please enter details of your enquiry.',
      confirmedItsNotUrgent: 'This form is for not urgent enquiries. If your enquiry is urgent, please call the practice.',
    },
    cases: [
      {
        name: 'not confirmed',
        data: { confirmedItsNotUrgent: false },
        messages: { confirmedItsNotUrgent: 'This form is for not urgent enquiries. If your enquiry is urgent, please call the practice.' },
      },
    ],
  },
  REFERRAL_ENQUIRY: {
    valid: { description: 'Has my physio referral been sent?', who: 'Leeds physiotherapy', why: 'Knee pain' },
    emptyMessages: { description: 'Please enter details of your enquiry.' },
  },
  REPEAT_PRESCRIPTION: {
    params: { askPharmacyPostcode: true },
    valid: {
      medication: [{ name: 'Salbutamol inhaler', strength: '100 micrograms' }],
      issueDate: '2026-03-10',
      note: 'Running low',
      pharmacyPostcode: 'LS1 4AP',
    },
    emptyMessages: { medication: 'Please enter the medication.', issueDate: 'Please provide a date.', pharmacyPostcode: 'Please provide a postcode' },
    cases: [
      {
        name: 'a date before today',
        data: { issueDate: '2026-03-09' },
        messages: { issueDate: 'Please provide a valid date: date has to occur after today.' },
      },
      { name: 'a postcode that is not one', data: { pharmacyPostcode: 'LS1 4' }, messages: { pharmacyPostcode: 'Please provide a valid postcode' } },
      { name: 'no postcode when the practice does not ask', data: { pharmacyPostcode: '' }, params: { askPharmacyPostcode: false }, messages: {} },
    ],
  },
  FIT_NOTE: {
    valid: { newSicknessAbsence: false, startDate: '2026-02-20', endDate: '2026-03-20', description: 'Back pain', employerAssistance: 'Lighter duties' },
    emptyMessages: {
      newSicknessAbsence: PROVIDE_INPUT,
      startDate: 'Please provide a start date.',
      endDate: 'Please provide a return date.',
      description: 'Please enter a description for your fit note.',
      employerAssistance: 'Please enter any assistance that your employer can give to you.',
    },
    cases: [
      {
        name: 'a new sickness absence',
        data: { newSicknessAbsence: true },
        messages: { newSicknessAbsence: 'This form can be only used for extending a sick/fit note.' },
      },
      {
        name: 'a start more than a month back',
        data: { startDate: '2026-02-09' },
        messages: { startDate: 'Please provide a valid start date: start date cannot be older than a month.' },
      },
      {
        name: 'a start in the future',
        data: { startDate: '2026-03-11', endDate: '2026-03-20' },
        messages: { startDate: 'The date may not be in the future.' },
      },
      {
        name: 'a return before the start',
        data: { endDate: '2026-02-19' },
        messages: { endDate: 'Please provide a valid return date : return date cannot be before start date.' },
      },
    ],
  },
  TRAVEL_RISK_FORM: {
    params: { patientAge: 40 },
    valid: {
      departureDate: '2026-03-17',
      returnDate: '2026-03-31',
      tripDescription: 'Two weeks in Kenya',
      typeOfTrip: 'Holiday',
      holidayType: 'Safari',
      accommodation: ['Hotel'],
      traveling: ['With a partner'],
      stayAreas: ['Rural'],
      plannedActivities: 'Game drives',
      hadSeriousReactionToVaccine: false,
      havingInjectionMakesPatientFaint: false,
      closeFamilyMemberHasEpilepsy: false,
      historyOfMentalIllness: false,
      undergoneImmunosuppressiveTreatment: false,
      informedInsuranceOfMedicalCondition: true,
      vaccinationList: ['Rabies', 'Other / Malaria tablets'],
      yearOfRabiesVaccination: 2010,
      yearOfOtherVaccination: 2024,
      otherVaccinationsDescription: 'Malarone',
    },
    emptyMessages: {
      departureDate: 'Please input departure date.',
      returnDate: 'Please input return date.',
      tripDescription: 'Please input details about the trip.',
      hadSeriousReactionToVaccine: PROVIDE_INPUT,
      havingInjectionMakesPatientFaint: PROVIDE_INPUT,
      closeFamilyMemberHasEpilepsy: PROVIDE_INPUT,
      historyOfMentalIllness: PROVIDE_INPUT,
      undergoneImmunosuppressiveTreatment: PROVIDE_INPUT,
      informedInsuranceOfMedicalCondition: PROVIDE_INPUT,
    },
    cases: [
      {
        name: 'a vaccine year before the patient was born',
        data: { yearOfRabiesVaccination: 1980 },
        messages: { yearOfRabiesVaccination: 'Please input valid year.' },
      },
      {
        name: 'a vaccine year 30 years back when the age is unknown',
        data: { yearOfRabiesVaccination: 1990 },
        params: {},
        messages: { yearOfRabiesVaccination: 'Please input valid year.' },
      },
      {
        name: 'a selected vaccine without a year',
        data: { yearOfRabiesVaccination: undefined },
        messages: { yearOfRabiesVaccination: 'Please input valid year.' },
      },
      {
        name: 'departure within a week',
        data: { departureDate: '2026-03-16' },
        messages: { departureDate: 'Please input a departure date at least 1 week from today.' },
      },
    ],
  },
  DIRECT_BOOKING_INVITATION: {
    valid: { acknowledged: true },
    emptyMessages: { acknowledged: 'To continue, please acknowledge that you have read the statement above.' },
    cases: [
      {
        name: 'not acknowledged',
        data: { acknowledged: false },
        messages: { acknowledged: 'To continue, please acknowledge that you have read the statement above.' },
      },
    ],
  },
  CHANGE_OF_PERSONAL_DETAILS: {
    valid: {
      informationToBeUpdated: ['Name', 'Contact'],
      newSurname: "O'Neill",
      wishToBeKnown: 'Ms',
      newTelephoneNumber: '07912 345678',
      objectionOnTextReminder: false,
    },
    emptyMessages: { informationToBeUpdated: 'Please select which information you wish to update.' },
    cases: [
      {
        name: 'every section chosen, nothing filled in',
        data: {
          informationToBeUpdated: ['Name', 'Address', 'Contact'],
          newSurname: undefined,
          wishToBeKnown: undefined,
          newTelephoneNumber: undefined,
          objectionOnTextReminder: undefined,
        },
        messages: {
          newFirstName: 'Please provide input for at least one of marked inputs.',
          newAddress: 'Please specify your new address.',
          newEmail: 'Please specify which contact detail you would like to change.',
        },
      },
      {
        name: 'an email without its reminder choice',
        data: { newEmail: 'sam@example.com' },
        messages: { objectionOnEmailReminder: 'Please select your option.' },
      },
      {
        name: 'a phone without its reminder choice',
        data: { objectionOnTextReminder: undefined },
        messages: { objectionOnTextReminder: 'Please select your option.' },
      },
      {
        name: 'known as Other without saying how',
        data: { wishToBeKnown: 'Other' },
        messages: { otherWishToBeKnown: 'Please specify how you wish to be known.' },
      },
      { name: 'a name with a symbol', data: { newSurname: 'Smith!' }, messages: { newSurname: NAME_RULE } },
    ],
  },
  ELECTRONIC_PRESCRIPTION_SERVICE: {
    valid: { email: 'sam@example.com', pharmacyName: 'Boots', pharmacyAddress: '1 Briggate, Leeds', pharmacyPostcode: 'LS1 6HB' },
    emptyMessages: { email: PROVIDE_INPUT, pharmacyName: PROVIDE_INPUT, pharmacyAddress: PROVIDE_INPUT, pharmacyPostcode: 'Please provide a postcode' },
    cases: [{ name: 'a bad email', data: { email: 'sam@' }, messages: { email: 'Please provide valid email.' } }],
  },
  PATIENT_REGISTRATION_FORM: {
    valid: {
      title: 'Other',
      specificTitle: 'Prof',
      gender: 'Female',
      ethnicGroup: 'White',
      smoker: 'Never smoked',
      address: { line1: '1 Park Row', town: 'Leeds', postcode: 'LS1 5HD' },
      emergencyContactName: 'Alex Smith',
      emergencyContactRelationship: 'Partner',
      emergencyContactPhone: '07912 345678',
      hadPreviousGp: true,
      previousGp: { practiceName: 'Park Surgery', practicePostcode: 'M1 1AE' },
      carer: false,
      interpreterNeeded: true,
      interpreterLanguage: 'Polish',
      cervicalSmearHadTest: true,
      cervicalSmearLastDate: '2024-05-01',
      hysterectomy: false,
      ukResident: false,
      ehicOrPrcNumber: '80276001',
      hasS1Form: false,
    },
    emptyMessages: {
      title: PROVIDE_INPUT,
      gender: PROVIDE_INPUT,
      ethnicGroup: PROVIDE_INPUT,
      smoker: PROVIDE_INPUT,
      'address.line1': PROVIDE_INPUT,
      'address.town': PROVIDE_INPUT,
      'address.postcode': PROVIDE_INPUT,
      emergencyContactName: PROVIDE_INPUT,
      emergencyContactRelationship: PROVIDE_INPUT,
      emergencyContactPhone: PROVIDE_INPUT,
      hadPreviousGp: PROVIDE_INPUT,
      carer: PROVIDE_INPUT,
      interpreterNeeded: PROVIDE_INPUT,
      ukResident: PROVIDE_INPUT,
    },
    cases: [
      {
        name: 'an address postcode that is not one',
        data: { address: { line1: '1 Park Row', town: 'Leeds', postcode: 'LS1' } },
        messages: { 'address.postcode': 'Please provide a valid postcode' },
      },
      { name: 'registered before, no practice named', data: { previousGp: { doctorName: 'Dr Shah' } }, messages: { 'previousGp.practiceName': PROVIDE_INPUT } },
      { name: 'never registered: the previous practice is not asked', data: { hadPreviousGp: false, previousGp: {} }, messages: {} },
    ],
  },
  CHANGE_OF_CONTACT_DETAILS: {
    valid: { newEmail: 'sam@example.com', objectionOnEmailReminder: false, newTelephoneNumber: '07912 345678', objectionOnTextReminder: true },
    emptyMessages: { newEmail: 'This field is required.' },
  },
  PATIENT_DETAILS: {
    valid: { dateOfBirth: '1984-03-15', sexAtBirth: 'female', firstName: 'Sam', lastName: "O'Neill-Smith", postCode: 'ls1 4ap' },
    emptyMessages: {
      dateOfBirth: 'Please enter a date of birth',
      sexAtBirth: 'Please select sex at birth',
      firstName: 'Please enter a first name',
      lastName: 'Please enter a last name',
      postCode: 'Please enter a postcode',
    },
    cases: [
      { name: 'too young for the flow', data: { dateOfBirth: '2015-01-01' }, messages: { dateOfBirth: 'The patient must be aged 16 or above' } },
      {
        name: 'too old for the child flow',
        data: { dateOfBirth: '2000-01-01' },
        params: { minAge: 0, maxAge: 15 },
        messages: { dateOfBirth: 'The patient must be aged 15 or below' },
      },
      { name: 'over 110', data: { dateOfBirth: '1900-01-01' }, messages: { dateOfBirth: 'Please enter real date of birth' } },
      {
        name: 'a bad postcode and name',
        data: { postCode: 'LS1', firstName: 'Sam#' },
        messages: { postCode: 'Please enter a valid postcode', firstName: NAME_RULE },
      },
    ],
  },
  CONTACT_DETAILS: {
    params: { emailRequired: true, smsEnabled: true },
    valid: {
      emailAddress: 'sam@example.com',
      mobilePhoneNumber: '07912 345678',
      phoneNumber: '0113 496 0000',
      type: 'HELPING_PERSON',
      fullName: 'Alex Smith',
      relation: 'Partner',
      reason: 'I am deaf',
      acceptance: true,
    },
    emptyMessages: {
      emailAddress: 'Please enter an email address',
      phoneNumber: 'Please enter a phone number',
      type: 'Please select an option',
      acceptance: 'To continue, please read and confirm acceptance',
    },
    cases: [
      {
        name: 'helper without details',
        data: { fullName: '', relation: ' ', reason: undefined },
        messages: { fullName: 'Please enter first and last name', relation: 'Please enter a relation', reason: 'Please enter a reason' },
      },
      {
        name: 'bad email and phones',
        data: { emailAddress: 'sam@@example.com', mobilePhoneNumber: '12345', phoneNumber: '999' },
        messages: {
          emailAddress: 'Please enter a valid email address',
          mobilePhoneNumber: 'Please enter a valid UK phone number',
          phoneNumber: 'Please enter a valid UK phone number',
        },
      },
      {
        name: 'a landline in the mobile box (texts cannot go to it)',
        data: { mobilePhoneNumber: '0113 496 0000' },
        messages: { mobilePhoneNumber: 'Please enter a UK mobile number, like 07700 900123. Text messages cannot go to a landline.' },
      },
      { name: 'a mobile written the international way', data: { mobilePhoneNumber: '+44 (0)7912 345678' }, messages: {} },
      { name: 'no email when the flow does not need one', data: { emailAddress: '' }, params: { emailRequired: false, smsEnabled: false }, messages: {} },
    ],
  },
  LOGGED_IN_DETAILS: {
    valid: { sexAtBirth: 'male', phoneNumber: '07912 345678', acceptance: true },
    emptyMessages: {
      sexAtBirth: 'Please select sex at birth',
      phoneNumber: 'Please enter a phone number',
      acceptance: 'To continue, please read and confirm acceptance',
    },
  },
  CHILD_PROXY: {
    params: { childAge: 12 },
    valid: { relation: 'Other', otherRelation: 'Grandmother', fullName: 'Pat Smith' },
    emptyMessages: { relation: 'Please choose a relation' },
    cases: [{ name: 'Other without saying what', data: { otherRelation: '' }, messages: { otherRelation: 'Please enter a relation' } }],
  },
  PATIENT_CONTEXT: {
    valid: { patientNeed: 'advice', additionalInfo: 'No' },
    emptyMessages: { patientNeed: "Pick what you hope for or choose 'Something else'.", additionalInfo: "Enter 'No' if you have nothing to add." },
    cases: [{ name: 'only spaces', data: { additionalInfo: '   ' }, messages: { additionalInfo: "Enter 'No' if you have nothing to add." } }],
  },
  EMERGENCY_QUESTIONS: {
    valid: { drinksFluids: true, breathsNormally: true, passesUrine: false, ableToStandOrWalk: true },
    emptyMessages: {
      drinksFluids: 'Select yes if you are able to drink fluids',
      breathsNormally: 'Select yes if you are breathing normally',
      passesUrine: 'Select yes if you are passing urine as normal',
      ableToStandOrWalk: 'Select yes if you are able to stand or walk',
    },
  },
  SELF_BOOKING: {
    valid: { dateOfBirth: '1985-04-12' },
    emptyMessages: { dateOfBirth: 'Please enter a date of birth' },
    cases: [
      { name: 'not a calendar date', data: { dateOfBirth: '1990-02-31' }, messages: { dateOfBirth: 'Please enter a valid date of birth' } },
      { name: 'a two-digit year', data: { dateOfBirth: '90-01-01' }, messages: { dateOfBirth: 'Please enter a valid date of birth' } },
      { name: 'today (not before today)', data: { dateOfBirth: '2026-03-10' }, messages: { dateOfBirth: 'Please enter a valid date of birth' } },
      { name: 'in the future', data: { dateOfBirth: '2027-01-01' }, messages: { dateOfBirth: 'Please enter a valid date of birth' } },
      { name: 'yesterday', data: { dateOfBirth: '2026-03-09' }, messages: {} },
      { name: 'over 110 years ago', data: { dateOfBirth: '1900-01-01' }, messages: { dateOfBirth: 'Please enter real date of birth' } },
    ],
  },
  EMERGENCY_OVERRIDE: {
    valid: { reason: 'patient_override_gp' },
    emptyMessages: { reason: 'You need to select a reason to proceed.' },
  },
};
