// Every form document of schemas/forms in real Chromium, through the preview page /_preview/<ID>
// (what "done" meant for the forms):
// 1. each admin form (and CHANGE_OF_CONTACT_DETAILS) filled with valid answers like a patient
//    would, page by page, exercising a rule on the way; the payload Send submits is wrapped in
//    the admin-request envelope, valid against schemas/api (ajv) and accepted (201) by the real
//    server, which stores exactly those fields;
// 2. each admin form sent empty shows the product's messages (the form documents') word for word,
//    in the error summary and next to the fields, under the banner;
//    Invalid answers show the rule messages word for word;
// 3. every document has zero axe violations pristine and after a failed Next/Send, no CSP
//    violations and no console errors.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { addDays, addMonths, format } from 'date-fns';
import addFormats from 'ajv-formats';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPath, toWire, validate, type FormData, type FormDocument, type Parameters } from '../../renderer/core/index';
import {
  ADMIN_FORMS,
  answer,
  fillCurrentPage,
  flatOf,
  form,
  formIds,
  loadDocument,
  openPreview,
  pageFields,
  pageTitle,
  pressSubmit,
  question,
  readJson,
  root,
  widgetOf,
} from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests, resetPractice } from './practice-controls';
import { withCanonicalFormPhones } from '../../server/identity.js';

const SUBMITTED_FORMS = [...ADMIN_FORMS, 'CHANGE_OF_CONTACT_DETAILS'];

// The banner and the default message of an empty required field (renderer/README.md).
const BANNER = 'Please complete the errors in this form';
const REQUIRED_DEFAULT = 'Please provide input.';

// Word for word: the messages an empty form must show (on whichever page).
const SPEC_MESSAGES: Record<string, string[]> = {
  DOCTOR_LETTER: ['Please enter a description of your condition.'],
  TEST_RESULTS: ['Please select a test type.', 'Please provide a test date.', 'Please enter a test location.'],
  OTHER_ENQUIRY: [
    'Please enter details of your enquiry.',
    'Please select question type.',
    'This form is for not urgent enquiries. If your enquiry is urgent, please call the practice.',
  ],
  REFERRAL_ENQUIRY: [],
  REPEAT_PRESCRIPTION: ['Please enter the medication.', 'Please provide a date.'],
  FIT_NOTE: [
    'Please provide a start date.',
    'Please provide a return date.',
    'Please enter a description for your fit note.',
    'Please enter any assistance that your employer can give to you.',
  ],
  TRAVEL_RISK_FORM: ['Please input departure date.', 'Please input return date.', 'Please input details about the trip.'],
  CHANGE_OF_PERSONAL_DETAILS: ['Please select which information you wish to update.'],
  ELECTRONIC_PRESCRIPTION_SERVICE: [],
  PATIENT_REGISTRATION_FORM: [],
  CHANGE_OF_CONTACT_DETAILS: ['This field is required.'],
};

/** A demo patient of the seed (schemas/api/README.md), as the app sends it. */
const DEMO_PATIENT = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  sexAtBirth: 'female',
  postCode: 'LS1 4AP',
  nhsNumber: '9990000018',
  contactDetails: {
    emailAddress: 'amelia.testwell@example.com',
    mobilePhoneNumber: '07400 123456',
    preferredContact: { type: 'OWN_NUMBER', phoneNumber: '07400 123456' },
  },
};

const ENVELOPE = new Set(['formType', 'triageRequestType', 'submittedDate', 'patient', 'associatedRequest']);

function adminRequestValidator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const dir = path.join(root, 'schemas/api');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as object);
  }
  const check = ajv.getSchema('https://gp.example/schemas/api/admin-request.schema.json');
  if (!check) throw new Error('admin-request.schema.json not loaded');
  return check;
}

function defaultParams(doc: FormDocument): Parameters {
  const out: Parameters = {};
  for (const [name, p] of Object.entries(doc.parameters ?? {})) if (p.default !== undefined) out[name] = p.default;
  return out;
}

/** Waits until the preview shows "Send pressed" (the payload opposite is what Send submitted). */
async function sent(page: Page): Promise<void> {
  await form(page).getByRole('status').filter({ hasText: 'Send pressed' }).waitFor();
}

interface Scenario {
  /** Answers chosen instead of the generic filler's (by value, as stored). */
  overrides?: Record<string, unknown>;
  /** Runs on a page before the generic filler answers the rest. */
  before?: (page: Page, doc: FormDocument, pageIndex: number) => Promise<void>;
  /** Runs on a page after the generic filler, before Next/Send. */
  after?: (page: Page, doc: FormDocument, pageIndex: number) => Promise<void>;
  /** Fields that must be in the payload. */
  present?: string[];
  /** Fields that must not be in the payload (hidden by a rule, or never asked). */
  absent?: string[];
  /** Fields the live data must still remember though the payload drops them. */
  remembered?: string[];
}

async function errorNextTo(page: Page, name: string): Promise<string | null> {
  const el = page.locator(`[id="field-${name}-error"]`);
  return (await el.count()) === 0 ? null : el.textContent();
}

const SCENARIOS: Record<string, Scenario> = {
  TEST_RESULTS: {
    before: async (page, doc) => {
      // Other → otherType appears and is required; then Blood test hides it again.
      await answer(page, doc, 'type', 'Other');
      await pressSubmit(page, doc, 0);
      await expect.poll(() => errorNextTo(page, 'otherType')).toBe('Error: Please define which type of test is required.');
      await answer(page, doc, 'otherType', 'Allergy patch test');
      await answer(page, doc, 'type', 'Blood test');
      await expect(question(page, doc, 'otherType').count()).resolves.toBe(0);
    },
    present: ['type', 'when', 'where'],
    absent: ['otherType'],
    remembered: ['otherType'],
  },
  CHANGE_OF_PERSONAL_DETAILS: {
    before: async (page, doc) => {
      // Name then unticked: its answers are forgotten at once (clearWhenHidden).
      await answer(page, doc, 'informationToBeUpdated', ['Name']);
      await answer(page, doc, 'newFirstName', 'Jo');
      await answer(page, doc, 'informationToBeUpdated', ['Address', 'Contact']);
      await expect.poll(async () => (await readJson(page, 'live-data')).newFirstName).toBeUndefined();
    },
    present: [
      'informationToBeUpdated',
      'newAddress',
      'previousAddress',
      'allFamilyMembersMoving',
      'newEmail',
      'objectionOnEmailReminder',
      'newTelephoneNumber',
      'objectionOnTextReminder',
    ],
    absent: ['newFirstName', 'newSurname', 'wishToBeKnown', 'otherWishToBeKnown'],
  },
  CHANGE_OF_CONTACT_DETAILS: {
    before: async (page, doc) => {
      // An objection is read-only until its email / phone is given.
      await expect(question(page, doc, 'objectionOnEmailReminder').getByRole('radio').first().isDisabled()).resolves.toBe(true);
      await expect(question(page, doc, 'objectionOnTextReminder').getByRole('radio').first().isDisabled()).resolves.toBe(true);
    },
    present: ['newEmail', 'objectionOnEmailReminder', 'newTelephoneNumber', 'objectionOnTextReminder'],
  },
  FIT_NOTE: {
    before: async (page, doc) => {
      // A new sickness absence cannot use this form; the patient corrects to No.
      await answer(page, doc, 'newSicknessAbsence', true);
      await pressSubmit(page, doc, 0);
      await expect.poll(() => errorNextTo(page, 'newSicknessAbsence')).toBe('Error: This form can be only used for extending a sick/fit note.');
      await answer(page, doc, 'newSicknessAbsence', false);
    },
    present: ['newSicknessAbsence', 'startDate', 'endDate', 'description', 'employerAssistance'],
  },
  REPEAT_PRESCRIPTION: {
    // askPharmacyPostcode defaults to false: the postcode is never asked.
    present: ['medication', 'issueDate', 'note'],
    absent: ['pharmacyPostcode'],
  },
  TRAVEL_RISK_FORM: {
    overrides: { vaccinationList: ['Diphtheria', 'Hepatitis A'] },
    before: async (page, doc, pageIndex) => {
      if (pageIndex !== 0) return;
      await answer(page, doc, 'typeOfTrip', 'Holiday');
      await answer(page, doc, 'holidayType', 'Cruise');
      await answer(page, doc, 'typeOfTrip', 'Business');
    },
    present: ['departureDate', 'returnDate', 'typeOfTrip', 'vaccinationList', 'yearOfDiphtheriaVaccination', 'yearOfHepatitisAVaccination'],
    absent: ['holidayType', 'yearOfPolioVaccination'],
    remembered: ['holidayType'],
  },
  PATIENT_REGISTRATION_FORM: {
    overrides: { gender: 'Female' },
    after: async (page, doc, pageIndex) => {
      if (pageIndex === 1) {
        // The address is a group: one fieldset, its legend the group's title, its fields inside.
        const group = form(page).getByRole('group', { name: 'Your address' });
        await expect(group.getByRole('textbox', { name: /^Postcode/ }).inputValue()).resolves.toBe('LS1 4AP');
        await expect.poll(async () => readPath(await readJson(page, 'live-data'), 'address.postcode')).toBe('LS1 4AP');
      }
      if (pageIndex === 3) {
        // Registered before → the previous practice's group is asked; then no → the whole group is not sent.
        await expect(form(page).getByRole('group', { name: 'Your previous GP practice' }).count()).resolves.toBe(1);
        await answer(page, doc, 'hadPreviousGp', false);
        await expect.poll(() => form(page).getByRole('group', { name: 'Your previous GP practice' }).count()).toBe(0);
      }
      if (pageIndex === 4) {
        // Interpreter yes → language asked; then no → the language is not sent.
        await answer(page, doc, 'interpreterNeeded', false);
      }
    },
    present: [
      'title',
      'gender',
      'address',
      'emergencyContactPhone',
      'hadPreviousGp',
      'cervicalSmearHadTest',
      'cervicalSmearLastDate',
      'hysterectomy',
      'ukResident',
    ],
    // The date of birth is asked once, on the details step: the request carries it as patient.dateOfBirth.
    absent: ['interpreterLanguage', 'specificTitle', 'ehicOrPrcNumber', 'dateOfBirth', 'previousGp'],
    remembered: ['interpreterLanguage', 'previousGp'],
  },
};

const browser = useBrowser();
let validateAdminRequest: ValidateFunction;

beforeAll(async () => {
  validateAdminRequest = adminRequestValidator();
  await resetPractice();
});

/** An error summary entry names its question (renderer/ui/ErrorSummary.tsx): "{question}: {message}". */
function summaryEntry(doc: FormDocument, name: string, message: string): string {
  const question = flatOf(doc).schema.properties[name]?.title;
  return question ? `${question}: ${message}` : message;
}

describe('valid answers through the real widgets: payload valid and accepted by the server', () => {
  it.each(SUBMITTED_FORMS)('%s', async (id) => {
    const scenario = SCENARIOS[id] ?? {};
    const { page, cspViolations, errors } = await openPage(browser);
    const doc = await openPreview(page, id);
    for (let i = 0; i < doc.pages.length; i++) {
      await pageTitle(page, doc, i);
      await scenario.before?.(page, doc, i);
      await fillCurrentPage(page, doc, i, scenario.overrides);
      await scenario.after?.(page, doc, i);
      await pressSubmit(page, doc, i);
    }
    await sent(page);
    expect(await form(page).locator('.nhsuk-error-summary').count()).toBe(0);

    const payload = await readJson(page, 'payload');
    const live = await readJson(page, 'live-data');
    const fields = Object.keys(doc.schema.properties);
    expect(Object.keys(payload).length).toBeGreaterThan(0);
    for (const key of Object.keys(payload)) expect(fields).toContain(key);
    for (const key of scenario.present ?? []) expect(payload, `${key} sent`).toHaveProperty(key);
    for (const key of scenario.absent ?? []) expect(payload, `${key} not sent`).not.toHaveProperty(key);
    for (const key of scenario.remembered ?? []) expect(live, `${key} remembered`).toHaveProperty(key);
    // The same core the server runs finds nothing wrong with it.
    expect(validate(doc, payload, { params: defaultParams(doc) })).toEqual([]);

    const body: FormData = {
      formType: id,
      triageRequestType: id,
      submittedDate: new Date().toISOString(),
      patient: DEMO_PATIENT,
      // As the app sends it (AdminFormPage): choice answers with sendAs valueLabel as { value, label }.
      ...toWire(doc, payload),
    };
    const ok = validateAdminRequest(body);
    expect(validateAdminRequest.errors ?? [], 'admin-request.schema.json').toEqual([]);
    expect(ok).toBe(true);

    const response = await fetch(`${baseURL()}/api/v1/triage/patient/admin/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answerBody = (await response.json()) as { id?: string; status?: string };
    expect(response.status, JSON.stringify(answerBody)).toBe(201);
    expect(answerBody.status).toBe('NEW');
    const stored = (await practiceRequests()).find((r) => r.id === answerBody.id);
    expect(stored?.formType).toBe(id);
    // The server adds the version of the document it checked the answers against (docs/architecture.md "Documents at run time").
    const { documentVersion, ...storedBody } = stored?.body ?? {};
    expect(documentVersion).toMatchObject({ id, version: expect.any(Number) as number, hash: expect.stringMatching(/^[0-9a-f]{16}$/) as string });
    const storedFields = Object.fromEntries(Object.entries(storedBody).filter(([k]) => !ENVELOPE.has(k)));
    // Phone answers are stored in E.164 (+447712345678), the rest as sent.
    expect(storedFields).toEqual(withCanonicalFormPhones(doc.schema, toWire(doc, payload)));

    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** The message an empty required question shows: its own, the document's, else the spec default. */
function requiredMessage(doc: FormDocument, name: string): string {
  return flatOf(doc).uiSchema?.[name]?.['ui:errors']?.required ?? doc.messages?.required ?? REQUIRED_DEFAULT;
}

/**
 * The id of a question's control: its own, or for an "add another" list its first item's first
 * required question (the error summary links there).
 */
function controlId(doc: FormDocument, name: string): string {
  // The list's own schema (the flat view keeps only its type for items); a group's field by its path.
  const field = (doc.schema.properties[name] ?? flatOf(doc).schema.properties[name]) as
    { type?: string; items?: { type?: string; required?: string[] } } | undefined;
  const first = field?.type === 'array' && field.items?.type === 'object' ? field.items.required?.[0] : undefined;
  return first ? `field-${name}.0.${first}` : `field-${name}`;
}

/** Required questions of the page that are drawn, answerable and unanswered, in page order. */
async function emptyRequired(page: Page, doc: FormDocument, pageIndex: number): Promise<string[]> {
  // A group's fields by their dotted paths, required by the group's own `required`.
  const required = new Set(flatOf(doc).schema.required ?? []);
  const data = await readJson(page, 'live-data');
  const out: string[] = [];
  for (const name of pageFields(doc, pageIndex)) {
    if (!required.has(name) || widgetOf(doc, name) === 'display' || readPath(data, name) !== undefined) continue;
    const control = page.locator(`[id="${controlId(doc, name)}"]`);
    if ((await control.count()) === 0 || (await control.first().isDisabled())) continue;
    out.push(name);
  }
  return out;
}

describe('sent empty: the spec messages in the error summary and next to the fields', () => {
  it.each(SUBMITTED_FORMS)('%s', async (id) => {
    const { page, errors } = await openPage(browser);
    const doc = await openPreview(page, id);
    const shown: string[] = [];
    for (let i = 0; i < doc.pages.length; i++) {
      await pageTitle(page, doc, i);
      const empty = await emptyRequired(page, doc, i);
      await pressSubmit(page, doc, i);
      const summary = form(page).locator('.nhsuk-error-summary');
      if (empty.length === 0) {
        // Nothing required on this page: it moves on.
        if (i < doc.pages.length - 1) await pageTitle(page, doc, i + 1);
        else await sent(page);
        expect(await summary.count()).toBe(0);
        continue;
      }
      await summary.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('nhsuk-error-summary'))).toBe(true);
      expect(await summary.getByRole('heading').textContent()).toBe('There is a problem');
      expect(await summary.locator('p').textContent()).toBe(BANNER);
      const links = await summary.getByRole('link').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), text: a.textContent })));
      expect(links).toEqual(empty.map((name) => ({ href: `#${controlId(doc, name)}`, text: summaryEntry(doc, name, requiredMessage(doc, name)) })));
      for (const name of empty) {
        expect(await errorNextTo(page, name), `error next to ${name}`).toBe(`Error: ${requiredMessage(doc, name)}`);
        shown.push(requiredMessage(doc, name));
      }
      // Still on the same page.
      await pageTitle(page, doc, i);
      if (i < doc.pages.length - 1) {
        await fillCurrentPage(page, doc, i, SCENARIOS[id]?.overrides);
        await pressSubmit(page, doc, i);
      }
    }
    for (const message of SPEC_MESSAGES[id] ?? []) expect(shown, 'empty-form message').toContain(message);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

const day = (d: Date) => format(d, 'yyyy-MM-dd');
const TODAY = new Date();

interface MessageCase {
  title: string;
  form: string;
  /** The page the answers are on; earlier pages are answered validly first. */
  pageIndex?: number;
  /** Answers given through the widgets, in order. */
  answers: Array<[string, unknown]>;
  /** The message each field must show after Send / Next, word for word. */
  messages: Record<string, string>;
}

const MESSAGE_CASES: MessageCase[] = [
  {
    title: 'Name, Address and Contact ticked, nothing else',
    form: 'CHANGE_OF_PERSONAL_DETAILS',
    answers: [
      ['informationToBeUpdated', ['Name', 'Address', 'Contact']],
      ['wishToBeKnown', 'Other'],
    ],
    messages: {
      newFirstName: 'Please provide input for at least one of marked inputs.',
      otherWishToBeKnown: 'Please specify how you wish to be known.',
      newAddress: 'Please specify your new address.',
      newEmail: 'Please specify which contact detail you would like to change.',
    },
  },
  {
    title: 'a bad email and phone, no reminder choices',
    form: 'CHANGE_OF_PERSONAL_DETAILS',
    answers: [
      ['informationToBeUpdated', ['Contact']],
      ['newEmail', 'amelia@'],
      ['newTelephoneNumber', '12345'],
    ],
    messages: {
      newEmail: 'Please provide valid email.',
      objectionOnEmailReminder: 'Please select your option.',
      newTelephoneNumber: 'Please enter a valid UK phone number.',
      objectionOnTextReminder: 'Please select your option.',
    },
  },
  {
    title: 'a bad email',
    form: 'CHANGE_OF_CONTACT_DETAILS',
    answers: [['newEmail', 'not-an-email']],
    messages: { newEmail: 'Please provide valid email.' },
  },
  {
    title: 'an issue date before today',
    form: 'REPEAT_PRESCRIPTION',
    answers: [['issueDate', day(addDays(TODAY, -1))]],
    messages: { issueDate: 'Please provide a valid date: date has to occur after today.' },
  },
  {
    title: 'a start date over a month back and a return date before it',
    form: 'FIT_NOTE',
    answers: [
      ['startDate', day(addMonths(TODAY, -2))],
      ['endDate', day(addDays(addMonths(TODAY, -2), -1))],
    ],
    messages: {
      startDate: 'Please provide a valid start date: start date cannot be older than a month.',
      endDate: 'Please provide a valid return date : return date cannot be before start date.',
    },
  },
  {
    title: 'a start date in the future',
    form: 'FIT_NOTE',
    answers: [['startDate', day(addDays(TODAY, 1))]],
    messages: { startDate: 'The date may not be in the future.' },
  },
  {
    title: 'a vaccine year in the future',
    form: 'TRAVEL_RISK_FORM',
    pageIndex: 2,
    answers: [
      ['vaccinationList', ['Polio']],
      ['yearOfPolioVaccination', TODAY.getFullYear() + 1],
    ],
    messages: { yearOfPolioVaccination: 'Please input valid year.' },
  },
];

describe('invalid answers: the rule messages', () => {
  it.each(MESSAGE_CASES.map((c) => [`${c.form}: ${c.title}`, c] as const))('%s', async (_title, c) => {
    const { page, errors } = await openPage(browser);
    const doc = await openPreview(page, c.form);
    const at = c.pageIndex ?? 0;
    for (let i = 0; i < at; i++) {
      await fillCurrentPage(page, doc, i);
      await pressSubmit(page, doc, i);
      await pageTitle(page, doc, i + 1);
    }
    for (const [name, value] of c.answers) await answer(page, doc, name, value);
    await pressSubmit(page, doc, at);
    const summary = form(page).locator('.nhsuk-error-summary');
    await summary.waitFor();
    const listed = await summary.getByRole('link').allTextContents();
    for (const [name, message] of Object.entries(c.messages)) {
      expect(await errorNextTo(page, name), `error next to ${name}`).toBe(`Error: ${message}`);
      expect(listed, 'error summary').toContain(summaryEntry(doc, name, message));
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** The child emergency checklists (schemas/forms/CHILD_EMERGENCY_*): tick boxes only, none required. */
const isChecklist = (id: string) => id.startsWith('CHILD_EMERGENCY_');

describe('every form document: axe, CSP and console', () => {
  const ALL = formIds();
  it('sweeps all documents of schemas/forms', () => {
    // Whatever schemas/forms holds (a new form document needs no change here): at least every
    // admin form of the contract, and the six child emergency checklists.
    expect(ALL).toEqual(expect.arrayContaining([...ADMIN_FORMS]));
    expect(ALL.filter(isChecklist)).toHaveLength(6);
    for (const id of SUBMITTED_FORMS) expect(ALL).toContain(id);
    for (const id of ALL) expect(loadDocument(id).id).toBe(id);
  });

  it.each(ALL)('%s: zero axe violations pristine and after a failed Next/Send', async (id) => {
    const { page, cspViolations, errors } = await openPage(browser);
    const response = await page.goto(`/_preview/${id}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const doc = loadDocument(id);
    await pageTitle(page, doc, 0);
    expect(await axeViolations(page)).toEqual([]);

    if (isChecklist(id)) {
      // A child emergency checklist asks nothing required (no tick means "none of these"): with
      // an item ticked its page must stay accessible too.
      await form(page).getByRole('checkbox').first().check();
      expect(await axeViolations(page)).toEqual([]);
      expect(await cspViolations()).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
      return;
    }
    await pressSubmit(page, doc, 0);
    // Every other document asks something required on its first page, so Next/Send fails.
    await form(page).locator('.nhsuk-error-summary').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
