// A pathway draft walked in the browser before it is published: the configurer pastes a change to
// a pathway (a reworded red-flag title, and a stroke example that wrongly expects a routine
// referral), the checks list the failing example, "Preview draft" walks the DRAFT with the engine
// (choosing the example fills its patient and answers; the panel shows the draft's outcome and that
// the example does not end as it says), while patients still get the published pathway. Axe and
// the CSP are checked on the walk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { root } from './form-filler';

const STAFF_PASSWORD = process.env.PRACTICE_STAFF_PASSWORD ?? 'test-only-staff-password';
const ID = 'Triage.StrokeSymptoms';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const LIVE = JSON.parse(readFileSync(path.join(root, 'schemas', 'questionnaires', `${ID}.json`), 'utf8')) as Json;
const NEW_TITLE = 'Call 999 straight away';
const draft = structuredClone(LIVE);
(draft.outcomes as Json[]).find((o) => o.id === 'red-flag-stroke')!.recommendation.title = NEW_TITLE;
(draft.examples as Json[])[0]!.expectTopReferral = 'ref-routine';
const DRAFT = JSON.stringify(draft, null, 2);
const EXAMPLE = (draft.examples as Json[])[0]!.name as string;

const browser = useBrowser();

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(next);
  await page.getByRole('heading', { name: 'Practice staff sign-in' }).waitFor();
  await page.getByLabel('Staff password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === next);
}

/** Replaces the editor's whole text: select all, then paste (as a configurer pastes an edited document). */
async function pasteText(page: Page, text: string): Promise<void> {
  await page.getByTestId('code-editor').click();
  await page.keyboard.press('Control+A');
  await page.getByTestId('code-editor').evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('a configurer walks a pathway draft before publishing it', () => {
  it('walks an example on the unsaved draft: the draft outcome, the example not holding; patients still get the live pathway', async () => {
    const staff = await openPage(browser);
    await signIn(staff.page, `/practice/forms/edit/pathway/${ID}`);
    await staff.page.getByTestId('code-editor').waitFor();
    await pasteText(staff.page, DRAFT);
    // The checks walk the examples too: the failing one is listed.
    await expect.poll(() => staff.page.getByTestId('check-state').textContent(), { timeout: 30_000 }).toBe('1 problem');
    expect(await staff.page.getByTestId('editor-problems').textContent()).toContain('expects the top referral ref-routine but the engine gives ref-emergency');

    await staff.page.getByRole('button', { name: 'Preview draft' }).click();
    const walk = staff.page.getByTestId('draft-walk');
    await walk.waitFor({ timeout: 30_000 });
    await walk.getByLabel('Fill the answers of an example').selectOption(EXAMPLE);
    await expect.poll(() => walk.getByTestId('outcome-example').textContent(), { timeout: 30_000 }).toBe('The example expects ref-routine: does not match.');
    expect(await walk.getByTestId('outcome-referral').textContent()).toBe('Top referral: ref-emergency');
    expect(await walk.getByTestId('outcome-recommendations').textContent()).toContain(NEW_TITLE);
    expect(await axeViolations(staff.page), 'draft walk').toEqual([]);
    expect(await staff.cspViolations(), 'draft walk').toEqual([]);

    // Nothing was published: patients get version 1 with its own title.
    const served = (await (await fetch(`${baseURL()}/api/v1/documents/pathways/${ID}`)).json()) as Json;
    expect(JSON.stringify(served.document)).not.toContain(NEW_TITLE);

    // Leave no draft behind for the next run.
    await staff.page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => staff.page.getByTestId('draft-state').textContent()).toBe('No draft: this is the live text');
    expect(staff.errors).toEqual([]);
  });
});
