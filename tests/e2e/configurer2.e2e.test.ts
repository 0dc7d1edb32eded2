// The configurer's browser path, in real Chromium against the running e2e server: sign in, open a
// form in the editor, type a change with a mistake (the problem shows at its line), fix it,
// preview the draft (patients still get the live version), publish with a change note, send a
// request as a patient on the new version, restore the old version from its page (with the diff),
// and read both requests in the inbox, each drawn with its own version. The staff pages are
// styled by the design system's CSS, with zero axe violations and no CSP violation.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMELIA, clickButton, declineLogin, fillContact, fillDetails, passEmergencyCheck } from './admin-steps';
import { axeViolations, baseURL, dataDir, openPage, type TestPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceAuthHeaders, practiceRequests } from './practice-controls';
import { root } from './form-filler';

const STAFF_PASSWORD = process.env.PRACTICE_STAFF_PASSWORD ?? 'test-only-staff-password';
const ID = 'OTHER_ENQUIRY';
const ORIGINAL = readFileSync(path.join(root, 'schemas', 'forms', `${ID}.form.json`), 'utf8');
const OLD_LABEL = (JSON.parse(ORIGINAL) as { schema: { properties: { description: { title: string } } } }).schema.properties.description.title;
const NEW_LABEL = 'What would you like to ask the practice?';
const EDITED = ORIGINAL.replace(JSON.stringify(OLD_LABEL), JSON.stringify(NEW_LABEL));
const BROKEN = EDITED.replace(/"maxLength": (\d+)/, '"maxLength": "$1"');
const BROKEN_LINE = BROKEN.slice(0, BROKEN.indexOf('"maxLength": "')).split('\n').length;

const browser = useBrowser();
const cleanUp = async () => {
  rmSync(path.join(dataDir(), 'practice'), { recursive: true, force: true });
  await fetch(`${baseURL()}/api/v1/practice/documents/reload`, { method: 'POST', headers: practiceAuthHeaders() });
};
beforeAll(cleanUp);
afterAll(cleanUp);

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(next);
  await page.getByRole('heading', { name: 'Practice staff sign-in' }).waitFor();
  await page.getByLabel('Staff password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === next);
}

async function expectCleanPage(t: TestPage, what: string): Promise<void> {
  expect(await axeViolations(t.page), what).toEqual([]);
  expect(await t.cspViolations(), what).toEqual([]);
}

/** Replaces the editor's whole text: select all, then paste (as a configurer pastes an edited document). */
async function typeText(page: Page, text: string): Promise<void> {
  await page.getByTestId('code-editor').click();
  await page.keyboard.press('Control+A');
  await page.getByTestId('code-editor').evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const servedLabel = async () =>
  ((await (await fetch(`${baseURL()}/api/v1/documents/forms/${ID}`)).json()) as { document: { schema: { properties: { description: { title: string } } } } })
    .document.schema.properties.description.title;

describe('a configurer edits, previews, publishes and restores a form in the browser', () => {
  it('draft → preview → publish → a patient sends it → restore → the inbox draws each request with its own version', async () => {
    const staff = await openPage(browser);
    await signIn(staff.page, '/practice/forms');
    // Styled by the design system: the stylesheet is applied (the table's cells get its padding).
    await staff.page.getByRole('heading', { level: 1, name: 'Forms and pathways' }).waitFor();
    expect(
      await staff.page
        .locator('#documents-table td')
        .first()
        .evaluate((td) => getComputedStyle(td).paddingTop),
    ).not.toBe('0px');
    await expectCleanPage(staff, 'Forms page');

    // Open the form in the editor.
    await staff.page.locator(`#documents-table tr[data-id="${ID}"]`).getByRole('link', { name: /Edit/ }).click();
    await staff.page.waitForURL((u) => u.pathname === `/practice/forms/edit/form/${ID}`);
    await staff.page.getByRole('heading', { level: 1, name: `Edit ${ID}` }).waitFor();
    await staff.page.getByTestId('code-editor').waitFor();

    // A change with a mistake: the problem is listed with its line and marked in the editor.
    await typeText(staff.page, BROKEN);
    const problems = staff.page.getByTestId('editor-problems');
    await expect.poll(() => problems.textContent().catch(() => '')).toContain(`Line ${BROKEN_LINE}: must be integer`);
    // The editor draws only the lines in view: following the problem's link brings its line into
    // view, where it is marked (the marks come in an effect after the list, so wait for them).
    await problems.getByRole('link', { name: new RegExp(`^Line ${BROKEN_LINE}: must be integer`) }).click();
    await expect.poll(() => staff.page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    await expect.poll(() => staff.page.getByTestId('draft-state').textContent()).toMatch(/Saved at/);
    await expectCleanPage(staff, 'editor with a problem');

    // Fixed: no problems.
    await typeText(staff.page, EDITED);
    await expect.poll(() => staff.page.getByTestId('check-state').textContent()).toBe('No problems');
    await expect.poll(() => problems.count()).toBe(0);

    // Preview the draft: the new wording, while patients still get the live one.
    await staff.page.getByRole('button', { name: 'Preview draft' }).click();
    await staff.page.getByTestId('draft-preview').getByLabel(NEW_LABEL).waitFor();
    expect(await servedLabel()).toBe(OLD_LABEL);
    await expectCleanPage(staff, 'draft preview');

    // Publish with a change note.
    await staff.page.getByLabel('Change note (optional)').fill('Plainer question');
    await staff.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await staff.page
      .getByTestId('published')
      .filter({ hasText: /Published: version \d+ is live/ })
      .waitFor();
    expect(await servedLabel()).toBe(NEW_LABEL);

    // A patient sends the form on the new version.
    const patient = await openPage(browser);
    await patient.page.goto('/admin-request');
    await passEmergencyCheck(patient.page);
    await patient.page.getByRole('button', { name: /Other enquiry/ }).click();
    await declineLogin(patient.page);
    await fillDetails(patient.page, AMELIA);
    await clickButton(patient.page, 'Next');
    await fillContact(patient.page, AMELIA);
    await clickButton(patient.page, 'Next');
    if (!AMELIA.email) await clickButton(patient.page, 'Continue');
    await patient.page.waitForURL((u) => u.pathname === '/admin-request/form');
    await patient.page.getByLabel('Medication', { exact: true }).check();
    await patient.page.getByLabel(NEW_LABEL).fill('Sent on the new wording');
    await patient.page.getByLabel('I confirm my enquiry is not urgent').check();
    await patient.page.getByRole('button', { name: /^Send/ }).click();
    await patient.page.waitForURL((u) => u.pathname === '/admin-request/complete');
    const newVersion = (await practiceRequests()).find((r) => r.body.description === 'Sent on the new wording')!.body.documentVersion as { version: number };

    // Restore the old version from its page, after reading the diff with the live one.
    await staff.page.goto(`/practice/forms/versions/form/${ID}`);
    const oldVersion = newVersion.version - 1;
    await staff.page.getByRole('link', { name: `Version ${oldVersion}`, exact: true }).click();
    await staff.page.getByRole('heading', { level: 1, name: `Version ${oldVersion}` }).waitFor();
    expect(await staff.page.locator('#version-diff ins').textContent()).toContain(OLD_LABEL);
    expect(await staff.page.locator('#version-diff del').textContent()).toContain(NEW_LABEL);
    await expectCleanPage(staff, 'version page');
    await staff.page.getByRole('button', { name: `Restore version ${oldVersion}` }).click();
    await staff.page
      .getByRole('status')
      .filter({ hasText: `Restored: version ${newVersion.version + 1} is live now.` })
      .waitFor();
    expect(await servedLabel()).toBe(OLD_LABEL);

    // A request on the restored version, then the inbox: each drawn with its own version's words.
    const sent = await fetch(`${baseURL()}/api/v1/triage/patient/admin/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        formType: ID,
        triageRequestType: ID,
        submittedDate: new Date().toISOString(),
        patient: { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP' },
        questionType: 'Medication',
        description: 'Sent on the restored wording',
        confirmedItsNotUrgent: true,
      }),
    });
    expect(sent.status).toBe(201);
    await staff.page.goto('/practice/inbox');
    const article = (words: string) => staff.page.locator('article', { hasText: words });
    expect(await article('Sent on the new wording').locator('dt').allTextContents()).toContain(NEW_LABEL);
    expect(await article('Sent on the restored wording').locator('dt').allTextContents()).toContain(OLD_LABEL);
    expect(await article('Sent on the restored wording').textContent()).not.toContain(NEW_LABEL);
    await expectCleanPage(staff, 'inbox');
    expect(staff.errors).toEqual([]);
  }, 400_000);
});
