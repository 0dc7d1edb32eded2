// The patient experience's last points (docs/patient-app.md "Experience, third round"): going
// back through the questionnaire, one pain-score widget, and who may change a booking from a
// link. Phone width (390 px), axe at zero on every screen checked. Each test fails on the code
// before its change.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { AMELIA } from './admin-steps';
import { form } from './form-filler';
import { answerSection, currentSection, loadPathway, patientParams, startPathway, type Answered } from './triage-steps';
import { AMELIA_PATIENT, BOOKED_LINK } from './booking-steps';

const browser = useBrowser({ resetAfterEach: true });
const PHONE = { viewport: { width: 390, height: 844 } };
const JOURNEY_TIMEOUT = 240_000;

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

/** The answers the form on screen shows, as "id=value" (ticked boxes and radios, filled boxes). */
function onScreen(page: Page) {
  return form(page).evaluate((f) =>
    [...f.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')]
      .filter((i) => (i instanceof HTMLInputElement && (i.type === 'radio' || i.type === 'checkbox') ? i.checked : i.value !== ''))
      .map((i) => `${i.id}=${i.value}`)
      .sort(),
  );
}

/** Where the page is after going back: at its top, with focus on the section's h1 (read after the page settles). */
async function expectAtTopOnHeading(page: Page, title: string, where: string) {
  await expect.poll(() => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : ''))).toBe(title);
  // The browser restores the scroll position of an entry it goes back to after the page has drawn:
  // two frames later the page must still be at its top.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { message: where }).toBe(0);
}

describe('patient experience, last points', () => {
  it(
    'Back two sections and on again: every section keeps its answers, and each Back lands at the top with focus on the h1',
    async () => {
      const doc = loadPathway('Triage.SoreThroat');
      const ex = doc.examples!.find((e) => e.name === 'Sore throat for 4 weeks')!;
      const params = patientParams(AMELIA);
      const result: Answered = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await startPathway(page, 'my throat hurts when I swallow', doc.label);
      const first = await currentSection(page, doc);
      await answerSection(page, doc, ex.answers, params, result);
      const second = await currentSection(page, doc);
      // Next is at the foot of a long section: the patient has scrolled down to it.
      await answerSection(page, doc, ex.answers, params, result);
      const third = await currentSection(page, doc);
      expect(new Set([first.id, second.id, third.id]).size).toBe(3);
      const sectionInUrl = () => new URL(page.url()).searchParams.get('section');

      // Back (the browser's) to the middle section: its answers, at the top, focus on its h1.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.goBack();
      await expect.poll(sectionInUrl).toBe(second.id);
      await expectAtTopOnHeading(page, second.document.pages[0]!.title!, 'back to the middle section');
      const middle = await onScreen(page);
      expect(middle.length).toBeGreaterThan(0);
      await expectAccessible(page, 'back to the middle section');

      // Back again (the Back link) to the first section.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByTestId('back-link').click();
      await expect.poll(sectionInUrl).toBe(first.id);
      await expectAtTopOnHeading(page, first.document.pages[0]!.title!, 'back to the first section');
      expect((await onScreen(page)).length).toBeGreaterThan(0);

      // Next on the first section unchanged: the middle section comes back with the answers given to it.
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(sectionInUrl).toBe(second.id);
      await expect.poll(async () => (await currentSection(page, doc)).id).toBe(second.id);
      await expect.poll(() => onScreen(page)).toEqual(middle);
      // And Next on it goes on to the third section, the answers accepted as they are.
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(sectionInUrl).toBe(third.id);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'Reschedule or "Cancel it" on a link asks the date of birth first: a wrong one is refused, the right one goes on; the link alone cannot cancel',
    async () => {
      const { page } = await openPage(browser, PHONE);
      page.setDefaultTimeout(90_000);
      await page.goto(`/a/d?lid=${BOOKED_LINK}`);
      await page.getByRole('heading', { level: 1, name: 'Your appointment' }).waitFor();
      // The link alone, without the check, is refused by the practice's server (not only hidden by the page).
      const consultationId = await page.evaluate(async (lid) => {
        const r = await fetch(`/api/v1/triage/patient/action-request/APPOINTMENT_CONFIRMED/${lid}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return ((await r.json()) as { consultationId: string }).consultationId;
      }, BOOKED_LINK);
      const direct = await page.evaluate(
        async ({ lid, id }) => {
          const r = await fetch(`/api/v1/triage/nhs/cancel/appointment/${id}?linkUUID=${lid}`, { method: 'POST' });
          return { status: r.status, reason: ((await r.json()) as { reason?: string }).reason };
        },
        { lid: BOOKED_LINK, id: consultationId },
      );
      expect(direct).toEqual({ status: 403, reason: 'IDENTITY_CHECK_REQUIRED' });

      await page.getByRole('button', { name: /^Cancel it ?: your appointment on / }).click();
      await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
      expect(new URL(page.url()).searchParams.get('then')).toBe('cancel');
      expect(await page.getByRole('dialog', { name: 'Cancel this appointment?' }).count()).toBe(0);
      await expectAccessible(page, 'confirm it is you');
      const fillDate = async (iso: string) => {
        const [y, m, d] = iso.split('-');
        await page.getByLabel('Day').fill(String(Number(d)));
        await page.getByLabel('Month').fill(String(Number(m)));
        await page.getByLabel('Year').fill(y!);
        await page.getByRole('button', { name: 'Continue', exact: true }).click();
      };
      // Someone with the link but not the patient's date of birth.
      await fillDate('1990-01-01');
      const summary = page.locator('.nhsuk-error-summary');
      await summary.getByText("The details you have provided don't correspond with those on the consultation").waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.nhsuk-error-summary') !== null)).toBe(true);
      await expectAccessible(page, 'wrong date of birth');
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain('1990');

      // The patient: back on the appointment with the cancel question open (the safe choice first).
      await fillDate(AMELIA_PATIENT.dateOfBirth);
      const cancel = page.getByRole('dialog', { name: 'Cancel this appointment?' });
      await cancel.waitFor();
      expect(new URL(page.url()).searchParams.get('view')).toBeNull();
      await cancel.getByRole('button', { name: 'No, keep it' }).click();
      await cancel.waitFor({ state: 'hidden' });
      // Checked once on this visit: Reschedule goes straight to the times.
      await page.getByRole('button', { name: /^Reschedule your appointment on / }).click();
      await page.getByRole('heading', { level: 1, name: 'Book your appointment' }).waitFor();
      // The date of birth is kept nowhere in the browser; only that the check was passed.
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(AMELIA_PATIENT.dateOfBirth);
    },
    JOURNEY_TIMEOUT,
  );
});
