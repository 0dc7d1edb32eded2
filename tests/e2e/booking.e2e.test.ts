// The patient side of appointments in Chromium against the embedded practice and its demo links
// (docs/api.md, "Demo appointment links"): booking races, reschedule and cancel by link, every link state, chunks
// loading on scroll, keyboard-only booking, and axe on every screen and modal.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceOutbox, practiceRequests, setControls } from './practice-controls';
import { clickButton, declineLogin, fillContact, fillDetails, type DemoPatient } from './admin-steps';
import { AMELIA_PATIENT, confirmItIsYou, startSymptomBooking } from './booking-steps';

const browser = useBrowser({ resetAfterEach: true });

const LINKS = {
  booked: '677d8081-6678-49d5-9280-d19eb3053764',
  cancelled: '9758618c-671d-4960-bdab-337f58e26893',
  pastStart: '4035d870-84f3-4bc4-b45a-4c93fcf64318',
  requestExpired: 'cc9b3869-4669-40d8-9ba9-07e30c0cc416',
  practiceOnly: 'ba903abd-bc62-4ede-98b3-4f668c58cd4d',
  tooLate: '29b0d788-49e1-49ea-b2b0-23a7f3dc7300',
  practiceUpdated: 'b3c34af9-868a-49d0-9394-106871202765',
  recordChanged: 'b7a489c9-0c2b-4088-bc10-cc579d12692d',
  directOmar: '0c1f7e08-879f-4f13-82b1-d04475d4d888',
  directExpired: '086e459c-addb-4ae6-adc4-66d571b3dbae',
  directUsedUp: 'acd1d017-2a3d-45cc-ab7e-e65b78672125',
  directFull: 'd9729a19-e53d-4d7b-9aba-525d59f49d5b',
  selfAmelia: '8882a028-7277-4bfc-a61f-029713d3a084',
  selfPhysioOmar: '030ae595-4324-4ff3-808f-d10a8e1d9ed6',
  selfPending: 'cc39bc86-281f-4d60-8461-f41ab7b7c00e',
  selfOutage: 'cdb79454-e267-4425-989f-b13a1252377d',
} as const;

const AMELIA_DETAILS: DemoPatient = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  sex: 'Female',
  postcode: 'LS1 4AP',
  email: 'amelia.testwell@example.com',
  phone: '07400 123456',
};
const OMAR_DETAILS: DemoPatient = {
  firstName: 'Omar',
  lastName: "O'Sample",
  dateOfBirth: '1972-11-03',
  sex: 'Male',
  postcode: 'LS6 2QT',
  email: 'omar.osample@example.com',
  phone: '07400 654321',
};

const OMAR_PATIENT = { firstName: 'Omar', lastName: "O'Sample", dateOfBirth: '1972-11-03', sexAtBirth: 'male', postCode: 'LS6 2QT' };

const LOADING = 'Loading available appointments - this might take up to 2 minutes';
/** The machine is shared and slow: one journey may take minutes; waits are for what the page shows. */
const JOURNEY_TIMEOUT = 300_000;

async function open(options: { viewport?: { width: number; height: number } } = {}) {
  const opened = await openPage(browser, options);
  opened.page.setDefaultTimeout(90_000);
  return opened;
}

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function selfBook(page: Page, lid: string, dob: string) {
  await page.goto(`/s/b?lid=${lid}`);
  await heading(page, 'Book an appointment');
  const [y, m, d] = dob.split('-');
  await page.getByLabel('Day').fill(String(Number(d)));
  await page.getByLabel('Month').fill(String(Number(m)));
  await page.getByLabel('Year').fill(y ?? '');
  await clickButton(page, 'Continue');
}

type PracticeAppointmentEntry = { consultationId: string; appointmentStatus: string; appointmentBooking?: { slot: { id?: string } } };

/** Every page of the practice's appointments list (it pages: Link rel="next" while more remain). */
async function practiceAppointments(): Promise<PracticeAppointmentEntry[]> {
  const token = process.env.PRACTICE_API_TOKEN;
  const list: PracticeAppointmentEntry[] = [];
  for (let url: string | undefined = '/api/v1/practice/appointments?limit=200'; url;) {
    const response: Response = await fetch(`${baseURL()}${url}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect(response.status).toBe(200);
    list.push(...((await response.json()) as PracticeAppointmentEntry[]));
    url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return list;
}

async function popup(page: Page, title: string, message?: string) {
  const box = page.locator('.app-notification').filter({ hasText: title });
  await box.waitFor();
  if (message) expect(await box.innerText()).toContain(message);
}

describe('booking in Chromium', () => {
  it(
    'two patients confirm the same slot at the same moment: one booking, the other sees it go and books another',
    async () => {
      const a = await open();
      const b = await open();
      await startSymptomBooking(a.page, 'ref-nurse');
      // Another patient: the same patient asking again for the slot they hold gets that booking back.
      await startSymptomBooking(b.page, 'ref-nurse', true, OMAR_PATIENT);
      await expectAccessible(a.page, 'book-appointment');
      const firstA = a.page.locator('.app-booking-time').first();
      const firstB = b.page.locator('.app-booking-time').first();
      const chosen = await firstA.innerText();
      expect(await firstB.innerText()).toBe(chosen);
      await firstA.click();
      await firstB.click();
      await a.page.getByRole('dialog', { name: 'Confirm this choice?' }).waitFor();
      await b.page.getByRole('dialog', { name: 'Confirm this choice?' }).waitFor();
      await expectAccessible(a.page, 'confirm modal');
      await Promise.all([
        a.page.getByRole('button', { name: 'Confirm', exact: true }).click(),
        b.page.getByRole('button', { name: 'Confirm', exact: true }).click(),
      ]);

      const outcome = async (page: Page) =>
        Promise.race([
          page
            .getByRole('heading', { name: 'The appointment is booked' })
            .waitFor()
            .then(() => 'booked' as const),
          page
            .locator('.app-notification')
            .filter({ hasText: 'Sorry, this time has now been taken' })
            .waitFor()
            .then(() => 'taken' as const),
        ]);
      const [resultA, resultB] = await Promise.all([outcome(a.page), outcome(b.page)]);
      expect([resultA, resultB].sort()).toEqual(['booked', 'taken']);
      const loserPage = resultA === 'taken' ? a.page : b.page;
      await popup(
        loserPage,
        'Sorry, this time has now been taken',
        'Please close this message and choose another time. There is high demand for appointments.',
      );
      // The taken time is gone from the loser's list; they book the next one.
      await expect.poll(async () => loserPage.locator('.app-booking-time').first().innerText()).not.toBe(chosen);
      await loserPage.locator('.app-booking-time').first().click();
      await loserPage.getByRole('button', { name: 'Confirm', exact: true }).click();
      await loserPage.getByRole('heading', { name: 'The appointment is booked' }).waitFor();
      await expectAccessible(loserPage, 'confirmation');

      // The store: two requests, two bookings, two different slots.
      const slots = (await practiceRequests()).filter((r) => r.kind === 'CONSULTATION').map((r) => r.body.appointmentSlotId);
      expect(slots).toHaveLength(2);
      expect(new Set(slots).size).toBe(2);
      const ours = (await practiceAppointments()).filter((x) => x.appointmentStatus === 'BOOKED' && slots.includes(x.appointmentBooking?.slot.id));
      expect(ours).toHaveLength(2);
      expect(await a.cspViolations()).toEqual([]);
      expect(await b.cspViolations()).toEqual([]);
      await a.page.context().close();
      await b.page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'reschedules then cancels from the change link, with the options and confirm modals',
    async () => {
      const { page, cspViolations } = await open();
      await page.goto(`/a/d?lid=${LINKS.booked}`);
      await heading(page, 'Your appointment');
      await page.waitForURL((url) => url.pathname === '/appointment/details');
      await expectAccessible(page, 'appointment details');
      await clickButton(page, /^Reschedule your appointment on /);
      // The link alone does not change the appointment: the patient's date of birth first (once per visit).
      await confirmItIsYou(page);
      await page.waitForURL((url) => url.pathname === '/appointment/book-appointment' && url.searchParams.get('ad') === LINKS.booked);
      await heading(page, 'Book your appointment');
      // A time offered at more than one site and by telephone opens the options modal.
      // A later day: a telephone slot within the hour could no longer be cancelled (RH-E008).
      const multi = page.locator('.app-booking-day').nth(1).locator('.app-booking-time').filter({ hasText: 'In person or Telephone call' }).first();
      await multi.click();
      const options = page.getByRole('dialog', { name: 'Where would you like your appointment?' });
      await options.waitFor();
      await clickButton(page, 'Continue');
      await options.getByText('Please select an option').waitFor();
      await expectAccessible(page, 'options modal with its error');
      await options.getByLabel('Telephone call').check();
      await clickButton(page, 'Continue');
      const confirm = page.getByRole('dialog', { name: 'Confirm this choice?' });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('Telephone call');
      await clickButton(page, 'Confirm');
      await heading(page, 'The appointment is changed');
      await page.getByRole('button', { name: 'Print this page' }).waitFor();
      expect(await page.locator('.app-confirmation .nhsuk-summary-list').first().innerText()).toContain('Telephone call');
      await expectAccessible(page, 'confirmation after reschedule');
      // The flow's request is cleared on success; the result stays for a reload of the confirmation.
      expect(await page.evaluate(() => sessionStorage.getItem('flow:booking'))).toBeNull();
      await page.reload();
      await heading(page, 'The appointment is changed');
      // Printed: the appointment and its change link, without the header, warnings or buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print this page' }).isVisible()).toBe(false);
      expect(await page.locator('header').first().isVisible()).toBe(false);
      expect(await page.locator('.app-print-only-link').innerText()).toContain(`/appointment/details?lid=`);
      await page.emulateMedia({ media: 'screen' });
      expect(await page.evaluate(() => localStorage.length)).toBe(0);

      await page.getByRole('link', { name: 'Change or cancel this appointment' }).click();
      await heading(page, 'Your appointment');
      expect(await page.locator('main .nhsuk-summary-list').first().innerText()).toContain('Telephone call');
      await clickButton(page, /^Cancel it ?: your appointment on /);
      await page.getByRole('dialog', { name: 'Cancel this appointment?' }).waitFor();
      await expectAccessible(page, 'cancel modal');
      // The dialog opens on the safe choice, not on "Yes, cancel it".
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No, keep it');
      await clickButton(page, 'Yes, cancel it');
      await heading(page, 'Appointment cancelled');
      // A new page: its own address, title, and focus on its heading.
      await page.waitForURL((url) => url.searchParams.get('view') === 'cancelled');
      await expect.poll(() => page.title()).toBe('Your GP practice - Appointment cancelled');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Appointment cancelled');
      const mine = (await practiceAppointments()).filter((x) => x.appointmentStatus === 'CANCELLED');
      expect(mine.length).toBeGreaterThan(0);
      // The patient is told each change (the embedded outbox stands in for email): changed, with the
      // change-or-cancel link, then cancelled.
      const changed = 'Riverside Medical Practice: your appointment has changed';
      const cancelled = 'Riverside Medical Practice: your appointment is cancelled';
      await expect
        .poll(async () => (await practiceOutbox()).filter((m) => m.channel === 'EMAIL' && (m.subject === changed || m.subject === cancelled)).length, {
          timeout: 15_000,
        })
        .toBe(2);
      const outbox = await practiceOutbox();
      expect(outbox.find((m) => m.subject === changed)!.body).toContain(`/appointment/details?lid=${LINKS.booked}`);
      expect(outbox.find((m) => m.subject === changed)!.body).toContain('Telephone call');
      expect(outbox.find((m) => m.subject === cancelled)!.body).toContain('This appointment is cancelled:');
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'shows every link state and link error',
    async () => {
      const { page, cspViolations } = await open();
      const states: Array<[string, string]> = [
        [LINKS.cancelled, 'Appointment cancelled'],
        [LINKS.pastStart, 'Appointment expired'],
        [LINKS.requestExpired, 'Appointment request expired'],
      ];
      for (const [lid, title] of states) {
        await page.goto(`/a/d?lid=${lid}`);
        await heading(page, title);
        await expectAccessible(page, title);
      }
      await page.goto('/appointment/details?lid=00000000-0000-4000-8000-000000000000');
      await heading(page, 'This link is invalid');
      expect(new URL(page.url()).searchParams.get('mid')).toBe('PATIENT_ACTION_LINK_INVALID');
      await expectAccessible(page, 'invalid link signpost');
      await page.goto('/direct-booking');
      await heading(page, 'This link is invalid');
      await page.goto('/self-booking');
      await heading(page, 'This link is invalid');

      // A direct-booking link opened as self-booking: type mismatch.
      await selfBook(page, LINKS.directOmar, '1972-11-03');
      await heading(page, 'This link is invalid');
      expect(new URL(page.url()).searchParams.get('mid')).toBe('ACTION_TYPE_AND_LINKUUID_MISMATCH');

      // Wrong date of birth on a self-booking link.
      await selfBook(page, LINKS.selfAmelia, '1985-04-13');
      await page.locator('.nhsuk-error-summary').getByText("The details you have provided don't correspond with those on the consultation").waitFor();
      await expectAccessible(page, 'self-booking mismatch');

      // Appointments that cannot be changed online say why up front, with the practice's number,
      // and offer no Reschedule or Cancel to try.
      const refusals: Array<[string, string, string]> = [
        [LINKS.practiceOnly, 'This appointment type can only be changed by the practice.', 'Please call the practice to change or cancel this appointment.'],
        [
          LINKS.tooLate,
          'Unable to update this appointment',
          'The time window for updating this appointment has expired. Please contact the practice directly.',
        ],
        [
          LINKS.practiceUpdated,
          'Unable to update this appointment',
          'If you have not already updated or cancelled this appointment, please contact the practice directly.',
        ],
      ];
      for (const [lid, title, message] of refusals) {
        await page.goto(`/a/d?lid=${lid}`);
        await heading(page, 'Your appointment');
        const refusal = page.getByTestId('change-refusal');
        await refusal.waitFor();
        expect(await refusal.innerText()).toContain(title);
        expect(await refusal.innerText()).toContain(message);
        expect(await refusal.getByRole('link', { name: '0113 496 0000' }).getAttribute('href')).toBe('tel:01134960000');
        expect(await page.getByRole('button', { name: /^Cancel it/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^Reschedule/ }).count()).toBe(0);
        await expectAccessible(page, `details that cannot be changed: ${title}`);
        // The change link opened directly does not offer times either: it lands on the details.
        await page.goto(`/appointment/book-appointment?ad=${lid}`);
        await page.waitForURL((url) => url.pathname === '/appointment/details');
        await page.getByTestId('change-refusal').waitFor();
      }
      // A refusal only the practice's answer reveals: the refusal is the new page, with a way back.
      await page.goto(`/a/d?lid=${LINKS.recordChanged}`);
      await heading(page, 'Your appointment');
      await clickButton(page, /^Cancel it ?: your appointment on /);
      // Rita Renamed's date of birth (server/appointments/demoLinks.ts): the check passes, then the cancel question.
      await confirmItIsYou(page, '1981-08-08');
      await clickButton(page, 'Yes, cancel it');
      await heading(page, 'Unable to cancel this appointment');
      await page.waitForURL((url) => url.searchParams.get('view') === 'problem');
      await expect.poll(() => page.title()).toBe('Your GP practice - Unable to cancel this appointment');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Unable to cancel this appointment');
      await page.getByText('Your patient record has changed').waitFor();
      await expectAccessible(page, 'details: cancel refused');
      await page.getByRole('link', { name: 'Back to your appointment' }).click();
      await heading(page, 'Your appointment');
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'direct booking: the recipient only, with expired, used-up and full links',
    async () => {
      let { page, cspViolations } = await open();
      await page.goto('/appointment/not-accessible');
      let firstInvitation = true;
      const throughDetails = async (lid: string, patient: DemoPatient) => {
        // A fresh tab each time: the patient-details step keeps its answers for the tab.
        expect(await cspViolations()).toEqual([]);
        await page.context().close();
        ({ page, cspViolations } = await open());
        await page.goto(`/d/b?lid=${lid}`);
        await page.waitForURL((url) => url.pathname === '/direct-booking');
        // The spec: the invitation is for the recipient only, acknowledged before anything else.
        await heading(page, 'Accepting your appointment invitation');
        await page.getByText('This appointment invitation is for the person it was sent to only.', { exact: false }).waitFor();
        if (firstInvitation) {
          firstInvitation = false;
          await clickButton(page, 'Continue');
          const ACK = 'To continue, please acknowledge that you have read the statement above.';
          await page.locator('.nhsuk-error-message').filter({ hasText: ACK }).waitFor();
          await expectAccessible(page, 'invitation acknowledgement error');
        }
        await page.getByLabel(/^I have read the statement above/).check();
        await clickButton(page, 'Continue');
        await page.getByText('Accepting your appointment invitation', { exact: true }).waitFor();
        await declineLogin(page);
        await fillDetails(page, patient);
        await clickButton(page, 'Next');
        await fillContact(page, patient);
        await clickButton(page, 'Next');
      };
      await throughDetails(LINKS.directExpired, OMAR_DETAILS);
      await heading(page, 'This link has expired');
      await throughDetails(LINKS.directUsedUp, AMELIA_DETAILS);
      await heading(page, 'This link can no longer be used');
      await throughDetails(LINKS.directFull, AMELIA_DETAILS);
      await heading(page, 'This link has reached its limit');
      await expectAccessible(page, 'link limit signpost');
      // Someone else's invitation.
      await throughDetails(LINKS.directOmar, AMELIA_DETAILS);
      await page.getByRole('heading', { name: "The details you have provided don't correspond with those on the consultation" }).waitFor();
      // Its own page: the details it concerns (not the contact step), the message focused, a link to them.
      await page.waitForURL((url) => url.searchParams.get('mismatch') === '1' && url.searchParams.get('step') === 'details');
      await heading(page, 'Your details');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('direct-booking-mismatch');
      await expect.poll(() => page.title()).toBe("Your GP practice - Error: The details you have provided don't correspond with those on the consultation");
      await expectAccessible(page, 'direct booking mismatch');
      await page.getByRole('link', { name: 'Check your details' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-firstName');
      // The recipient books.
      await throughDetails(LINKS.directOmar, OMAR_DETAILS);
      await page.waitForURL((url) => url.pathname === '/appointment/book-appointment' && url.searchParams.get('db') === LINKS.directOmar);
      await page.locator('.app-booking-time').first().waitFor();
      const time = page.locator('.app-booking-time').filter({ hasNotText: 'In person or' }).first();
      await time.click();
      const where = page.getByRole('dialog', { name: 'Where would you like your appointment?' });
      if (await where.isVisible()) {
        await where.getByRole('radio').first().check();
        await clickButton(page, 'Continue');
      }
      await clickButton(page, 'Confirm');
      await heading(page, 'The appointment is booked');
      // A copied book-appointment link in a fresh tab has no booking request: the link problem page.
      const other = await open();
      await other.page.goto(`/appointment/book-appointment?db=${LINKS.directOmar}`);
      await heading(other.page, 'There is a problem with this link');
      await expectAccessible(other.page, 'not accessible');
      await other.page.context().close();
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'self-booking: date-of-birth errors, filters with truncation at 440 px, chunks loading as the last date scrolls into view',
    async () => {
      const { page, cspViolations } = await open({ viewport: { width: 400, height: 800 } });
      await page.goto(`/s/b?lid=${LINKS.selfAmelia}`);
      await heading(page, 'Book an appointment');
      await clickButton(page, 'Continue');
      await page.locator('.nhsuk-error-summary').getByText('Please enter a date of birth').waitFor();
      await expectAccessible(page, 'self-booking after a failed Continue');
      await selfBook(page, LINKS.selfAmelia, '1985-04-12');
      await page.waitForURL((url) => url.searchParams.get('sb') === LINKS.selfAmelia);
      await page.locator('.app-booking-time').first().waitFor();
      expect(await page.locator('.app-booking-day h3').first().innerText()).toMatch(/^(Morning|Afternoon|Evening)$/);

      // Person filter: one long name is cut at 30 characters on a narrow screen.
      await page.getByRole('button', { name: 'Person: All' }).click();
      const filter = page.getByRole('dialog', { name: 'Choose people' });
      await filter.waitFor();
      await expectAccessible(page, 'person filter modal');
      await filter.getByLabel('Dr Alexandra Montgomery-Fitzwilliam').check();
      await clickButton(page, 'Apply');
      const cut = `Person: ${'Dr Alexandra Montgomery-Fitzwilliam'.slice(0, 30)}…`;
      await page.getByRole('button', { name: cut }).waitFor();
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.getByRole('button', { name: 'Person: Dr Alexandra Montgomery-Fitzwilliam' }).waitFor();
      await page.setViewportSize({ width: 400, height: 800 });
      await page.getByRole('button', { name: cut }).click();
      await clickButton(page, 'Show all');
      await page.getByRole('button', { name: 'Person: All' }).waitFor();

      // Chunks: hold the next chunk's answer until its loading text has been seen.
      const days = async () => page.locator('.app-booking-day').count();
      const before = await days();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/triage/nhs/available/appointments?*from=*', async (route) => {
        await held;
        await route.continue();
      });
      await page.locator('.app-booking-day').last().scrollIntoViewIfNeeded();
      await page.getByText(LOADING).waitFor();
      release();
      await expect.poll(days).toBeGreaterThan(before);
      await expectAccessible(page, 'book-appointment after a second chunk');
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'link-generator-only practice: the booking routes stay reachable, direct booking is closed',
    async () => {
      await setControls({ featureSets: ['PATIENT_DIRECT_BOOKING'] });
      const { page, cspViolations } = await open();
      await page.goto(`/a/d?lid=${LINKS.cancelled}`);
      await heading(page, 'Appointment cancelled');
      await page.goto(`/s/b?lid=${LINKS.selfAmelia}`);
      await heading(page, 'Book an appointment');
      await page.goto(`/d/b?lid=${LINKS.directOmar}`);
      await heading(page, "We can't find the page you're looking for");
      await page.goto(`/direct-booking?lid=${LINKS.directOmar}`);
      await heading(page, "We can't find the page you're looking for");
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a booking whose answer is lost twice shows the possible-appointment message; a temporary record failure says so',
    async () => {
      const { page, cspViolations } = await open();
      await startSymptomBooking(page, 'ref-nurse');
      await page.route('**/api/v1/triage/patient/symptom/assessments/book/appointment', (route) => route.abort('connectionclosed'));
      await page.locator('.app-booking-time').first().click();
      await clickButton(page, 'Confirm');
      await heading(page, 'You may have an appointment but need to check');
      expect(new URL(page.url()).searchParams.get('eid')).toBe('possible-appointment');
      await expectAccessible(page, 'possible appointment');
      await page.unroute('**/api/v1/triage/patient/symptom/assessments/book/appointment');
      await selfBook(page, '39641740-175c-4665-902b-a0adb0254dd4', '2000-03-09');
      await popup(page, 'There is a temporary problem');
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'books with the keyboard alone',
    async () => {
      const { page } = await open();
      await page.goto(`/s/b?lid=${LINKS.selfPhysioOmar}`);
      await heading(page, 'Book an appointment');
      const tabTo = async (matches: () => Promise<boolean>, what: string) => {
        for (let i = 0; i < 80; i++) {
          if (await matches()) return;
          await page.keyboard.press('Tab');
        }
        throw new Error(`Tab never reached ${what}`);
      };
      const activeLabel = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return '';
          const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : undefined;
          return `${el.tagName}|${label ?? el.textContent ?? ''}|${el.className}`;
        });
      await tabTo(async () => (await activeLabel()).startsWith('INPUT|Day'), 'Day');
      await page.keyboard.type('3');
      await page.keyboard.press('Tab');
      await page.keyboard.type('11');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1972');
      await page.keyboard.press('Enter');
      await heading(page, 'Book your appointment');
      await page.locator('.app-booking-time').first().waitFor();
      await tabTo(async () => (await activeLabel()).includes('app-booking-time'), 'a time');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Confirm this choice?' }).waitFor();
      await tabTo(async () => (await activeLabel()).startsWith('BUTTON|Confirm|'), 'Confirm');
      await page.keyboard.press('Enter');
      await heading(page, 'The appointment is booked');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'past slot toast, record system down, a booking already in progress, and no slots with Send request in the medical flow',
    async () => {
      const { page, cspViolations } = await open();
      // Filters kept in the tab name a site that no longer has times: they reset, and the patient is told.
      await startSymptomBooking(page, 'ref-nurse', true, AMELIA_PATIENT, { sites: ['site-with-no-times-left'], holders: [] });
      await page.getByRole('dialog', { name: 'No more times for your options' }).waitFor();
      await expectAccessible(page, 'no more times modal');
      await clickButton(page, 'Close');
      await page.getByRole('button', { name: 'Location: All' }).waitFor();

      // The practice says the slot has started: the toast, and the time leaves the list.
      const first = await page.locator('.app-booking-time').first().innerText();
      await page.route('**/api/v1/triage/patient/symptom/assessments/book/appointment', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'The selected slot is in the past', reason: 'SLOT_IN_PAST' }),
        }),
      );
      await page.locator('.app-booking-time').first().click();
      await clickButton(page, 'Confirm');
      await popup(page, 'Error while booking appointment', 'The selected slot is in the past');
      await expect.poll(async () => page.locator('.app-booking-time').first().innerText()).not.toBe(first);
      await page.unroute('**/api/v1/triage/patient/symptom/assessments/book/appointment');

      // A lost answer after a booking went through: retried once with the same key, one booking.
      let dropped = false;
      await page.route('**/api/v1/triage/patient/symptom/assessments/book/appointment', async (route) => {
        if (!dropped) {
          dropped = true;
          await route.fetch(); // the practice books it …
          await route.abort('connectionclosed'); // … but the answer never arrives
          return;
        }
        await route.continue();
      });
      await page.locator('.app-booking-time').first().click();
      await clickButton(page, 'Confirm');
      await heading(page, 'The appointment is booked');
      expect((await practiceRequests()).filter((r) => r.kind === 'CONSULTATION')).toHaveLength(1);

      // Record system down on a self-booking link.
      await selfBook(page, LINKS.selfOutage, '1995-12-05');
      await popup(page, 'The appointment system is not available');
      // The practice is already booking this request.
      await selfBook(page, LINKS.selfPending, '1985-04-12');
      await page.locator('.app-booking-time').first().waitFor();
      await page.locator('.app-booking-time').filter({ hasNotText: 'In person or' }).first().click();
      const where = page.getByRole('dialog', { name: 'Where would you like your appointment?' });
      if (await where.isVisible()) {
        await where.getByRole('radio').first().check();
        await clickButton(page, 'Continue');
      }
      await clickButton(page, 'Confirm');
      // The practice is booking it: a clear end with a way on, not "choose another time" again.
      await heading(page, 'This appointment is no longer available');
      expect(new URL(page.url()).searchParams.get('mid')).toBe('BOOKING_IN_PROGRESS');
      await expect.poll(() => page.title()).toBe('Your GP practice - This appointment is no longer available');
      await page.getByText('The practice is already booking an appointment for this request').waitFor();
      expect(await page.getByRole('link', { name: '0113 496 0000' }).getAttribute('href')).toBe('tel:01134960000');
      await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
      expect(await page.locator('.app-booking-time').count()).toBe(0);
      await expectAccessible(page, 'booking in progress');

      // Times on offer after a questionnaire, none suits: the request goes without a booking.
      await startSymptomBooking(page, 'ref-nurse');
      await expectAccessible(page, 'booking after a questionnaire');
      // The way out is at the top of the list and again at its end: the first one.
      await page.getByRole('button', { name: 'None of these times suit me — send my request' }).first().click();
      await page.waitForURL((url) => url.pathname === '/appointment/not-accessible');
      const unsuited = (await practiceRequests()).find(
        (r) => r.kind === 'CONSULTATION' && (r.body.context as { reasonInInbox?: string } | undefined)?.reasonInInbox === 'OTHER',
      );
      expect(unsuited?.body.context).toMatchObject({ appointmentsPresented: true });

      // No slots at all in the medical flow: Send request sends the consultation (NO_APPOINTMENTS).
      await page.route('**/api/v1/triage/nhs/available/appointments?*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ availableAppointmentSessions: [], navigation: {} }) }),
      );
      await startSymptomBooking(page, 'ref-nurse', false);
      await heading(page, 'No appointments available');
      await page.getByText('If you send your request, the practice will respond within 2 working days.').waitFor();
      await page.getByText('No more appointments available online').waitFor();
      await expectAccessible(page, 'no appointments');
      await clickButton(page, 'Send request');
      await page.waitForURL((url) => url.pathname === '/appointment/not-accessible');
      const sent = (await practiceRequests()).find(
        (r) => r.kind === 'CONSULTATION' && (r.body.context as { reasonInInbox?: string } | undefined)?.reasonInInbox === 'NO_APPOINTMENTS',
      );
      expect(sent).toBeDefined();
      expect(await cspViolations()).toEqual([]);
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );
});
