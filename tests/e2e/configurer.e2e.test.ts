// The configurer's recipe ("Done when"), in real Chromium against the running e2e server,
// with no rebuild and no code change: a new form document is copied into the server's practice
// folder (${DATA_DIR}/practice/forms), staff sign in, open /practice/forms and press "Reload
// documents", see it added, preview it, and a patient finds it in the menu, fills and sends it;
// the practice reads it back (bearer token) with the document version it was answered on. A broken
// document is refused with its path while the old one keeps serving. The staff preview pages
// (forms and pathways) have zero axe violations.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMELIA, clickButton, declineLogin, fillContact, fillDetails, passEmergencyCheck } from './admin-steps';
import { axeViolations, dataDir, openPage, type TestPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceAuthHeaders, practiceRequests } from './practice-controls';
import { root } from './form-filler';
import { baseURL } from './harness';

const STAFF_PASSWORD = process.env.PRACTICE_STAFF_PASSWORD ?? 'test-only-staff-password';
const NEW_ID = 'PARKING_PERMIT_LETTER';
const NEW_LABEL = 'Parking permit letter';
const practiceForms = () => path.join(dataDir(), 'practice', 'forms');
const newFile = () => path.join(practiceForms(), `${NEW_ID}.form.json`);

/** A new form, written as a configurer would: OTHER_ENQUIRY's document with a new id, words and menu entry. */
function newDocument(): Record<string, unknown> {
  const base = JSON.parse(readFileSync(path.join(root, 'schemas', 'forms', 'OTHER_ENQUIRY.form.json'), 'utf8')) as Record<string, unknown> & {
    pages: Array<Record<string, unknown>>;
    schema: { properties: Record<string, Record<string, unknown>> };
  };
  delete base.$schema;
  base.pages[0]!.title = 'A letter for a parking permit';
  base.schema.properties.description!.title = 'Why do you need the letter?';
  return {
    ...base,
    id: NEW_ID,
    title: NEW_LABEL,
    description: 'A supporting letter for a blue badge or residents parking permit.',
    menu: {
      label: NEW_LABEL,
      subTitle: 'A supporting letter for a parking permit',
      requiresPatientRecord: false,
      order: 95,
      reply: { timeFrame: 'within 5 working days' },
    },
  };
}

const browser = useBrowser();
beforeAll(() => {
  rmSync(path.join(dataDir(), 'practice'), { recursive: true, force: true });
});
afterAll(async () => {
  rmSync(path.join(dataDir(), 'practice'), { recursive: true, force: true });
  // Back to the built-in documents for the files after this one on this worker.
  await fetch(`${baseURL()}/api/v1/practice/documents/reload`, { method: 'POST', headers: practiceAuthHeaders() });
});

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(next);
  await page.getByRole('heading', { name: 'Practice staff sign-in' }).waitFor();
  await page.getByLabel('Staff password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === next);
}

async function reload(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reload documents' }).click();
  // The results' heading is a live region (role status), announced when the page comes back.
  await page.getByRole('status').filter({ hasText: 'Reload results' }).waitFor();
}

function resultRow(page: Page, id: string) {
  return page.locator('#reload-results-table tr', { has: page.locator('code', { hasText: id }) });
}

async function expectCleanPage(t: TestPage, what: string): Promise<void> {
  expect(await axeViolations(t.page), what).toEqual([]);
  expect(await t.cspViolations(), what).toEqual([]);
}

describe('a configurer adds a form without a developer', () => {
  it('copy the document, reload from the staff page, preview it, and a patient sends it', async () => {
    const staff = await openPage(browser);
    mkdirSync(practiceForms(), { recursive: true });
    writeFileSync(newFile(), JSON.stringify(newDocument(), null, 2));

    // Staff: sign in, open the Forms page, reload, and see the new form added.
    await signIn(staff.page, '/practice/forms');
    await staff.page.getByRole('heading', { level: 1, name: 'Forms and pathways' }).waitFor();
    await reload(staff.page);
    await expect.poll(() => resultRow(staff.page, NEW_ID).textContent()).toMatch(/Added/);
    expect(await staff.page.locator(`#documents-table tr[data-id="${NEW_ID}"]`).textContent()).toMatch(/Practice folder/);

    // Its preview: drawn as the patient will see it, from the document the server serves.
    await staff.page
      .locator(`#documents-table tr[data-id="${NEW_ID}"]`)
      .getByRole('link', { name: /Preview/ })
      .click();
    await staff.page.waitForURL((u) => u.pathname === `/practice/forms/preview/form/${NEW_ID}`);
    await staff.page.getByRole('heading', { level: 1, name: NEW_LABEL }).waitFor();
    await staff.page.getByRole('heading', { name: 'A letter for a parking permit' }).waitFor();
    await staff.page.getByLabel(/^Why do you need the letter\?/).waitFor();
    expect(await staff.page.getByTestId('preview-version').textContent()).toMatch(/Version served now\s*1/);
    await expectCleanPage(staff, 'form preview');
    // Pressing Send with nothing filled shows the document's own messages, checked by the served validator.
    await staff.page
      .getByRole('button', { name: /^(Send|Next|Submit)/ })
      .first()
      .click();
    await staff.page.getByText('Please enter details of your enquiry.').first().waitFor();
    await expectCleanPage(staff, 'form preview after a failed send');

    // A patient: the menu lists the new form; fill and send it.
    const patient = await openPage(browser);
    await patient.page.goto('/admin-request');
    await passEmergencyCheck(patient.page);
    await patient.page.getByRole('button', { name: new RegExp(NEW_LABEL) }).click();
    await declineLogin(patient.page);
    await fillDetails(patient.page, AMELIA);
    await clickButton(patient.page, 'Next');
    await fillContact(patient.page, AMELIA);
    await clickButton(patient.page, 'Next');
    if (!AMELIA.email) await clickButton(patient.page, 'Continue');
    await patient.page.waitForURL((u) => u.pathname === '/admin-request/form');
    await patient.page.getByRole('heading', { level: 1, name: 'A letter for a parking permit' }).waitFor();
    await patient.page.getByLabel('Medication', { exact: true }).check();
    await patient.page.getByLabel(/^Why do you need the letter\?/).fill('I cannot walk far since my hip operation.');
    await patient.page.getByLabel('I confirm my enquiry is not urgent').check();
    await patient.page.getByRole('button', { name: /^Send/ }).click();
    await patient.page.waitForURL((u) => u.pathname === '/admin-request/complete');
    expect(patient.errors).toEqual([]);
    await expectCleanPage(patient, 'confirmation');

    // The practice reads it back with the document version it was answered on.
    const sent = (await practiceRequests()).find((r) => r.formType === NEW_ID);
    expect(sent, 'the new form reached the practice').toBeDefined();
    expect(sent!.body.description).toBe('I cannot walk far since my hip operation.');
    expect(sent!.body.documentVersion).toMatchObject({ id: NEW_ID, version: 1 });
  });

  it('a broken document is refused with its path, and the previous version keeps serving', async () => {
    const staff = await openPage(browser);
    const broken = newDocument();
    (broken.schema as { properties: Record<string, Record<string, unknown>> }).properties.description!.maxLength = 'three hundred';
    mkdirSync(practiceForms(), { recursive: true });
    writeFileSync(newFile(), JSON.stringify(broken, null, 2));
    await signIn(staff.page, '/practice/forms');
    await reload(staff.page);
    const row = resultRow(staff.page, NEW_ID);
    await expect.poll(() => row.textContent()).toMatch(/Refused/);
    expect(await staff.page.locator('#reload-results').textContent()).toMatch(/\/schema\/properties\/description\/maxLength/);
    // The patient's app still gets version 1.
    const served = (await (await fetch(`${baseURL()}/api/v1/documents/forms/${NEW_ID}`)).json()) as {
      version: number;
      document: { schema: { properties: { description: { maxLength: unknown } } } };
    };
    expect(served.version).toBe(1);
    expect(served.document.schema.properties.description.maxLength).toBe(300);
  });

  it('a pathway preview walks any section with an example as preset and shows the tier; axe clean', async () => {
    const staff = await openPage(browser);
    await signIn(staff.page, '/practice/forms/preview/pathway/Form.U16.BreathingDifficulty');
    await staff.page.getByRole('heading', { level: 1, name: 'Breathing difficulty or asthma' }).waitFor();
    await expectCleanPage(staff, 'pathway preview');
    await staff.page.getByLabel('Fill the answers of an example').selectOption('999: reliever not helping');
    await expect.poll(() => staff.page.getByTestId('outcome-tier').textContent()).toMatch(/CALL_999/);
    expect(await staff.page.getByTestId('outcome-example').textContent()).toMatch(/matches\./);
    // Any section can be opened and answered.
    await staff.page.getByLabel('Section', { exact: true }).selectOption('about');
    await expectCleanPage(staff, 'pathway preview, another section');
    expect(staff.errors).toEqual([]);
  });
});
