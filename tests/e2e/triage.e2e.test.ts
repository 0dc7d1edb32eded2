import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceOutbox, practiceRequests, setControls } from './practice-controls';
import { AMELIA, passEmergencyCheck } from './admin-steps';
import { form } from './form-filler';
import {
  answer,
  answerQuestionnaire,
  answerSection,
  bookFirstTime,
  currentSection,
  idOf,
  keyboardAnswer,
  keyboardRadio,
  loadPathway,
  onToPractice,
  openTriage,
  patientParams,
  search,
  startPathway,
  storedAnswers,
  tabTo,
} from './triage-steps';
import { visibleFields } from '../../renderer/core/index';

const browser = useBrowser({ resetAfterEach: true });

const THANK_YOU = 'Your request for medical advice has been sent.';
const ANSWER_ALL = 'Please answer all questions to proceed';
const PROMPTS = {
  pristine: 'Any relevant results will appear here.',
  none: 'Please try a different search term.',
  similarOnly: 'Please see the similar matches below or try a different search.',
};

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

function authHeaders(): Record<string, string> {
  const token = process.env.PRACTICE_API_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Patient context (free text is on in the demo practice), then Send on the complete page (or, for a pathway that checks for appointments, the booking screen). */
async function finishAndSend(page: Page, axe: boolean, books = false): Promise<string | undefined> {
  await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
  await form(page).waitFor();
  if (axe) {
    await expectAccessible(page, 'your own words, pristine');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText("Enter 'No' if you have nothing to add.").first().waitFor();
    await expectAccessible(page, 'your own words, failed Next');
  }
  await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ label: 'I need advice' });
  await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('It started after a cold.');
  await form(page).getByRole('button', { name: 'Next', exact: true }).click();
  if (books) {
    // A finished pathway with checkForAppointments and an email is offered slots (docs/architecture.md "Booking request").
    await page.waitForURL((url) => url.pathname === '/appointment/book-appointment');
    return undefined;
  }
  await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
  expect(await page.getByTestId('confirmation-email').textContent()).toContain(AMELIA.email);
  if (axe) await expectAccessible(page, 'complete');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('heading', { name: THANK_YOU }).waitFor();
  if (axe) await expectAccessible(page, 'thank-you');
  return (await page.getByTestId('reply-time').textContent()) ?? '';
}

// Five pathways: the patient's own words, and the pathway example whose answers show a follow-up.
const JOURNEYS = [
  { guidelineId: 'Triage.SoreThroat', words: 'my throat hurts when I swallow', example: 'Fever, pus and quick onset' },
  { guidelineId: 'Triage.BackPain', words: 'lower back pain after lifting', example: 'Sciatica: leg pain without numbness or weakness' },
  { guidelineId: 'Triage.CoughCold', words: 'I have had a bad cough for weeks', example: 'Cough for 4 weeks' },
  { guidelineId: 'Triage.Headache', words: 'headache for three days', example: 'Routine headache' },
  { guidelineId: 'Triage.DiarrhoeaVomiting', words: 'diarrhoea and being sick', example: 'Routine stomach bug' },
];

describe('medical request journey in Chromium', () => {
  it.each(JOURNEYS)(
    '$guidelineId: own words → questionnaire with a follow-up → complete → thank-you → stored as answered (booked first when the pathway checks for appointments)',
    { timeout: 180_000 },
    async ({ guidelineId, words, example }) => {
      const doc = loadPathway(guidelineId);
      const ex = doc.examples?.find((e) => e.name === example);
      if (!ex) throw new Error(`${guidelineId} has no example "${example}"`);
      // Axe on the questionnaire's screens once, and on "Send your request?" and the thank-you page
      // with the pathway that reaches them (the others hand over to booking).
      const axe = guidelineId === 'Triage.SoreThroat' || (doc as { checkForAppointments?: boolean }).checkForAppointments !== true;
      const { page, cspViolations, errors } = await openPage(browser);
      await startPathway(page, words, doc.label);
      expect(await page.getByTestId('selected-option').textContent()).toContain(doc.label);
      if (axe) {
        await expectAccessible(page, 'questionnaire, pristine');
        await form(page).getByRole('button', { name: 'Next', exact: true }).click();
        await page.getByText(ANSWER_ALL).waitFor();
        await expectAccessible(page, 'questionnaire, failed Next');
      }
      const answered = await answerQuestionnaire(page, doc, ex.answers, patientParams(AMELIA));
      expect(answered.revealed.length, 'a follow-up was shown and answered').toBeGreaterThan(0);
      // A pharmacy or self-care result is told so first (common/endings.ts): this patient still asks the practice.
      await onToPractice(page);
      const books = (doc as { checkForAppointments?: boolean }).checkForAppointments === true;
      const promised = await finishAndSend(page, axe, books);

      type Sent = {
        triageRequest: { triageRequestType: string; consultation: unknown; patient: unknown; patientContext: unknown; responseData: unknown };
        context?: Record<string, unknown>;
      };
      let body: Sent;
      if (books) {
        // Nothing is sent before the patient books: the booking screen holds the request (sessionStorage only).
        const handover = JSON.parse((await page.evaluate(() => sessionStorage.getItem('flow:booking'))) ?? '{}') as {
          request?: Sent & { mode: string; guidelineId: string };
        };
        expect(handover.request).toMatchObject({ mode: 'symptom-assessment', guidelineId, sentPath: '/triage/thank-you' });
        expect(await practiceRequests()).toEqual([]);
        expect(await page.evaluate(() => localStorage.length)).toBe(0);
        // The patient books the first time offered: the request is stored with the booking.
        await bookFirstTime(page);
        const [stored] = await practiceRequests();
        expect(stored?.kind).toBe('CONSULTATION');
        body = stored!.body as Sent;
        expect(body.context).toMatchObject({ appointmentsPresented: true });
        expect(body).toHaveProperty('appointmentSlotId');
      } else {
        const [stored] = await practiceRequests();
        expect(stored?.kind).toBe('CONSULTATION');
        body = stored!.body as Sent;
        expect(body.context).toMatchObject({ reasonInInbox: 'NO_APPOINTMENTS', appointmentsPresented: false });
      }
      const request = body.triageRequest;
      expect(request.triageRequestType).toBe('CONSULTATION_REQUEST');
      expect(request.consultation).toMatchObject({ guidelineId, conditionLabel: doc.label, usedGuidelines: [guidelineId] });
      expect(request.patient).toMatchObject({ lastName: AMELIA.lastName, dateOfBirth: AMELIA.dateOfBirth });
      expect(request.patientContext).toEqual({ patientNeed: { value: 'ADVICE', label: 'I need advice' }, additionalInfo: 'It started after a cold.' });
      const got = storedAnswers(request.responseData);
      expect(got).toEqual(answered.expected);
      for (const field of answered.revealed) expect(got, `revealed follow-up ${field}`).toHaveProperty(field);
      for (const field of answered.hiddenAfterAnswer) expect(got, `hidden follow-up ${field}`).not.toHaveProperty(field);
      // Every stored answer carries its question's words for the practice.
      for (const o of request.responseData as Array<{ label?: string }>) expect(typeof o.label).toBe('string');

      // The emails the screens promise are delivered (the embedded outbox stands in for email), with no clinical answers in them.
      const expected = books ? 'Riverside Medical Practice: your appointment is booked' : 'Riverside Medical Practice: we have received your request';
      await expect
        .poll(async () => (await practiceOutbox()).filter((m) => m.subject === expected && m.to === AMELIA.email).length, { timeout: 15_000 })
        .toBe(1);
      const outbox = await practiceOutbox();
      if (books) expect(outbox.find((m) => m.subject === expected)!.body).toMatch(/\/appointment\/details\?lid=[0-9a-f-]{36}/);
      for (const message of outbox) expect(message.body).not.toContain('It started after a cold.');
      if (!books) {
        // One timescale: the email promises what the thank-you page promised, and no other.
        const email = outbox.find((m) => m.subject === expected && m.to === AMELIA.email)!;
        expect(promised).toBeTruthy();
        expect(email.body).toContain(promised!);
        expect(email.body).not.toContain('working days');
      }

      if (!books) {
        // The practice inbox shows the question's words with the answer, not observation ids.
        const inbox = await (await fetch(`${baseURL()}/practice/inbox`, { headers: authHeaders() })).text();
        const first = (request.responseData as Array<{ label: string }>)[0]!.label;
        expect(inbox).toContain(first.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
        expect(inbox).toContain(`Pathway: <strong>${doc.label}</strong>`);
      }
      expect(await cspViolations()).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('search prompts: pristine, too short, nonsense, near miss; Search disabled while blank; All options', async () => {
    const { page } = await openPage(browser);
    await openTriage(page);
    await page.getByRole('heading', { name: 'What do you need help with?' }).waitFor();
    expect(await page.getByTestId('search-prompt').textContent()).toBe(PROMPTS.pristine);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('searchbox').fill('   ');
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, 'search, pristine');

    await search(page, 'ab');
    await expect.poll(() => page.getByTestId('search-prompt').textContent()).toBe(PROMPTS.none);
    await search(page, 'qwxzvbk');
    await expect.poll(() => page.getByTestId('search-prompt').textContent()).toBe(PROMPTS.none);
    expect(await page.getByTestId('main-matches').count()).toBe(0);
    // A near miss no pathway lists ('hedache' is now a listed misspelling of Headache, a main match).
    await search(page, 'heddache');
    await expect.poll(() => page.getByTestId('search-prompt').textContent()).toBe(PROMPTS.similarOnly);
    expect(await page.getByTestId('similar-matches').getByRole('link').allInnerTexts()).toContain(loadPathway('Triage.Headache').label);
    await expectAccessible(page, 'search, similar matches');
    await search(page, 'sore throat');
    await page.getByTestId('main-matches').getByRole('link', { name: 'Sore throat', exact: true }).waitFor();
    expect(await page.getByTestId('search-prompt').count()).toBe(0);
    expect(await page.getByTestId('non-specific').count()).toBe(1);
    expect(await page.getByRole('heading', { name: "Can't find what you're looking for?" }).count()).toBe(1);

    await page.getByRole('button', { name: 'All options', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'All options' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link').count()).toBeGreaterThanOrEqual(10);
    expect(await dialog.getByText(/^Not suitable for:/).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'All options modal');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a reload mid-questionnaire keeps the section and the answers typed; the leave prompt guards it', { timeout: 120_000 }, async () => {
    const doc = loadPathway('Triage.SoreThroat');
    const { page } = await openPage(browser);
    await startPathway(page, 'sore throat', doc.label);
    const first = await currentSection(page, doc);
    const ex = doc.examples!.find((e) => e.name === 'Fever, pus and quick onset')!;
    await answerSection(page, doc, ex.answers, patientParams(AMELIA), { expected: {}, hiddenAfterAnswer: [], revealed: [] });
    // Now on the second section: answer one question, then reload.
    const second = await currentSection(page, doc);
    expect(second.id).not.toBe(first.id);
    const field = second.document.pages[0]!.fields.find((f) => f in ex.answers)!;
    await answer(page, second.document, field, ex.answers[field]);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    await form(page).waitFor();
    expect((await currentSection(page, doc)).id).toBe(second.id);
    expect(dialogs).toEqual(['beforeunload']);
    const checked = await form(page).locator(`[name="${field}"]:checked, [id="field-${field}"]`).count();
    expect(checked).toBeGreaterThan(0);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('flow:triage') ?? '{}') as { drafts?: Record<string, Record<string, unknown>> });
    expect(stored.drafts?.[second.id]?.[field]).toEqual(ex.answers[field]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('triage')))).toEqual([]);
  });

  it('the browser back button and the Back link ask to discard the questionnaire and never resend a section', { timeout: 120_000 }, async () => {
    const doc = loadPathway('Triage.SoreThroat');
    const { page } = await openPage(browser);
    await startPathway(page, 'sore throat', doc.label);
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Discard questionnaire' });
    await dialog.waitFor();
    await expectAccessible(page, 'discard questionnaire');
    // The dialog opens on the safe choice: Enter by habit keeps the answers.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No, go back to the questions');
    await dialog.getByRole('button', { name: 'No, go back to the questions' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/triage/questionnaire');
    // The Back link at the top of the page does what the browser's Back does.
    await page.getByTestId('back-link').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'No, go back to the questions' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/triage/questionnaire');
    await form(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Yes, discard my answers' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('flow:triage'))).toBeNull();
  });

  it('Cancel on "In your own words" and "Send your request?" asks first; "No" keeps every answer on screen', { timeout: 180_000 }, async () => {
    const doc = loadPathway('Triage.DiarrhoeaVomiting');
    const ex = doc.examples!.find((e) => e.name === 'Routine stomach bug')!;
    const { page } = await openPage(browser);
    await startPathway(page, 'diarrhoea and being sick', doc.label);
    await answerQuestionnaire(page, doc, ex.answers, patientParams(AMELIA));
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    const need = page.getByRole('combobox', { name: /What do you hope for from the practice/ });
    const more = page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ });
    await need.selectOption({ label: 'I need advice' });
    await more.fill('It started after a cold.');
    const dialog = page.getByRole('dialog', { name: 'Discard your request?' });
    const no = dialog.getByRole('button', { name: 'No, go back to my request' });
    await form(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No, go back to my request');
    await expectAccessible(page, 'discard your request? on your own words');
    await no.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/triage/your-own-words');
    expect(await need.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('I need advice');
    expect(await more.inputValue()).toBe('It started after a cold.');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor();
    await no.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/triage/complete');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, discard my request' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('flow:triage'))).toBeNull();
    expect(await practiceRequests()).toEqual([]);
  });

  it('Cancel on booking after a questionnaire asks before the answered request goes', { timeout: 180_000 }, async () => {
    const doc = loadPathway('Triage.BackPain');
    // A routine result: the booking list offers any day (an urgent one would offer today's slots only).
    const ex = doc.examples!.find((e) => e.name === 'Sciatica: leg pain without numbness or weakness')!;
    const { page } = await openPage(browser);
    await startPathway(page, 'lower back pain after lifting', doc.label);
    await answerQuestionnaire(page, doc, ex.answers, patientParams(AMELIA));
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ label: 'I need advice' });
    await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/appointment/book-appointment');
    await page.locator('.app-booking-time').first().waitFor();
    const dialog = page.getByRole('dialog', { name: 'Discard your request?' });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor();
    await expectAccessible(page, 'discard your request? on booking');
    await dialog.getByRole('button', { name: 'No, go back to my request' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/appointment/book-appointment');
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('flow:booking'))) ?? '{}')).toHaveProperty('request.mode', 'symptom-assessment');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, discard my request' }).click();
    await page.waitForURL((url) => url.pathname !== '/appointment/book-appointment');
    expect(await practiceRequests()).toEqual([]);
  });

  it(
    'each section is its own history entry and title with focus on its h1; Back shows the section before with its answers; Back from "In your own words" returns to the last section',
    { timeout: 180_000 },
    async () => {
      const doc = loadPathway('Triage.SoreThroat');
      // A routine result, so the last section leads straight to "In your own words" (no ending screen between).
      const ex = doc.examples!.find((e) => e.name === 'Sore throat for 4 weeks')!;
      const params = patientParams(AMELIA);
      const result = { expected: {}, hiddenAfterAnswer: [], revealed: [] };
      const { page } = await openPage(browser);
      await startPathway(page, 'my throat hurts when I swallow', doc.label);
      const onScreen = () =>
        form(page).evaluate((f) =>
          [...f.querySelectorAll<HTMLInputElement>('input, textarea')]
            .filter((i) => (i.type === 'radio' || i.type === 'checkbox' ? i.checked : i.value !== ''))
            .map((i) => `${i.id}=${i.value}`)
            .sort(),
        );
      const sectionInUrl = () => new URL(page.url()).searchParams.get('section');
      const first = await currentSection(page, doc);
      await expect.poll(sectionInUrl).toBe(first.id);
      await expect.poll(() => page.title()).toBe(`Your GP practice - ${doc.label} — page 1`);
      await answerSection(page, doc, ex.answers, params, result);
      const second = await currentSection(page, doc);
      expect(second.id).not.toBe(first.id);
      await expect.poll(sectionInUrl).toBe(second.id);
      await expect.poll(() => page.title()).toBe(`Your GP practice - ${doc.label} — page 2`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await expectAccessible(page, 'questionnaire, second section');
      // The browser's Back: section 1 again, with its answers, and no discard dialog.
      await page.goBack();
      await expect.poll(sectionInUrl).toBe(first.id);
      await expect.poll(async () => (await currentSection(page, doc)).id).toBe(first.id);
      expect(await page.getByRole('dialog', { name: 'Discard questionnaire' }).isVisible()).toBe(false);
      await expect.poll(() => page.title()).toBe(`Your GP practice - ${doc.label} — page 1`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      expect((await onScreen()).length).toBeGreaterThan(0);
      // Next on it goes on to section 2 again, and the rest of the questionnaire as usual.
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await expect.poll(sectionInUrl).toBe(second.id);
      // The address changes first; the loop below reads the section from its heading, so wait for that too.
      await expect.poll(async () => (await currentSection(page, doc)).id).toBe(second.id);
      let last = second.id;
      for (let guard = 0; guard < 10 && new URL(page.url()).pathname === '/triage/questionnaire'; guard++) {
        last = (await currentSection(page, doc)).id;
        await answerSection(page, doc, ex.answers, params, result);
      }
      await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
      // The Back link from "In your own words": the last section with its answers, never a blank first section.
      await page.getByTestId('back-link').click();
      await page.waitForURL((url) => url.pathname === '/triage/questionnaire');
      await expect.poll(async () => (await currentSection(page, doc)).id).toBe(last);
      expect(sectionInUrl()).toBe(last);
      expect((await onScreen()).length).toBeGreaterThan(0);
      await form(page).getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
      // And the browser's Back does the same.
      await form(page).waitFor();
      await page.goBack();
      await expect.poll(async () => (new URL(page.url()).pathname === '/triage/questionnaire' ? (await currentSection(page, doc)).id : '')).toBe(last);
      expect((await onScreen()).length).toBeGreaterThan(0);
    },
  );

  it('a 412 mid-questionnaire turns the medical service off and shows the service-closed screen', { timeout: 120_000 }, async () => {
    const doc = loadPathway('Triage.SoreThroat');
    const { page } = await openPage(browser);
    await startPathway(page, 'sore throat', doc.label);
    const first = await currentSection(page, doc);
    const ex = doc.examples!.find((e) => e.name === 'Fever, pus and quick onset')!;
    for (const f of first.document.pages[0]!.fields) if (f in ex.answers) await answer(page, first.document, f, ex.answers[f]);
    await setControls({ operationalState: { medical: { operationalStatus: 'SERVICE_OFF' } } });
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/triage/service-closed');
    await page.getByRole('heading', { level: 1, name: 'Service unavailable' }).waitFor();
    await expectAccessible(page, 'service closed');
    await page.goto('/');
    await page.getByTestId('service-off-status').waitFor();
  });

  it('a pathway that refuses the patient shows "Please check your selection and try again"', async () => {
    const { page } = await openPage(browser);
    // Urinary symptoms is for women: a male patient is refused by sex at birth.
    await startPathway(page, 'burning when I pee', 'Urinary symptoms (women)', { ...AMELIA, sex: 'Male' }).catch(() => undefined);
    await page.getByRole('heading', { name: 'Please check your selection and try again' }).waitFor();
    expect(await page.getByTestId('refusal-message').textContent()).toContain('sex at birth');
    await expectAccessible(page, 'refusal');
    await page.getByRole('button', { name: 'Choose another option' }).click();
    await page.waitForURL((url) => url.pathname === '/triage');
  });

  it('pages after the questionnaire send the patient back to the search while triage is unfinished', async () => {
    const { page } = await openPage(browser);
    // A deep link meets the emergency check first, then the bounce to the search.
    await page.goto('/triage/your-own-words');
    await page.waitForURL((url) => url.pathname === '/emergency-symptoms' && url.searchParams.get('next') === '/triage/your-own-words');
    await passEmergencyCheck(page);
    await page.waitForURL((url) => url.pathname === '/triage');
    for (const path of ['/triage/complete', '/triage/thank-you', '/triage/questionnaire']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/triage');
    }
  });
});

describe('keyboard only', () => {
  it('completes a pathway from the search to the thank-you page with the keyboard alone', { timeout: 240_000 }, async () => {
    const doc = loadPathway('Triage.DiarrhoeaVomiting');
    const ex = doc.examples!.find((e) => e.name === 'Routine stomach bug')!;
    const { page } = await openPage(browser);
    await openTriage(page);
    const box = page.getByRole('searchbox', { name: /Search for your symptom/ });
    await tabTo(page, await idOf(box));
    await page.keyboard.type('diarrhoea and being sick');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('main-matches').getByRole('link', { name: doc.label, exact: true });
    await result.waitFor();
    await page.keyboard.press('Tab');
    for (let i = 0; i < 30 && !(await result.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/triage/patient-details');

    const withoutLogin = page.getByRole('button', { name: 'Continue without logging in' });
    await withoutLogin.waitFor();
    for (let i = 0; i < 40 && !(await withoutLogin.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    const [y, m, d] = AMELIA.dateOfBirth.split('-');
    for (const [id, text] of [
      ['field-dateOfBirth', String(Number(d))],
      ['field-dateOfBirth-month', String(Number(m))],
      ['field-dateOfBirth-year', y!],
    ] as const) {
      await tabTo(page, id);
      await page.keyboard.type(text);
    }
    const female = page.getByLabel('Female', { exact: true });
    await keyboardRadio(page, await idOf(female), (await female.getAttribute('name'))!);
    for (const [label, text] of [
      [/^First name/, AMELIA.firstName],
      [/^Last name/, AMELIA.lastName],
    ] as const) {
      await tabTo(page, await idOf(page.getByLabel(label)));
      await page.keyboard.type(text);
    }
    await tabTo(page, await idOf(page.getByRole('textbox', { name: /^Postcode/ })));
    await page.keyboard.type(AMELIA.postcode);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    await tabTo(page, await idOf(page.getByLabel(/^Email address/)));
    await page.keyboard.type(AMELIA.email!);
    await tabTo(page, await idOf(page.getByLabel(/^Which phone number should the practice call/)));
    await page.keyboard.type(AMELIA.phone);
    const own = page.getByLabel('This is my own number');
    await keyboardRadio(page, await idOf(own), (await own.getAttribute('name'))!);
    await tabTo(page, await idOf(page.getByLabel(/^I have read how my information is used/)));
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/triage/questionnaire');

    const params = patientParams(AMELIA);
    for (let guard = 0; guard < 10 && (await page.evaluate(() => location.pathname)) === '/triage/questionnaire'; guard++) {
      const section = await currentSection(page, doc);
      const data: Record<string, unknown> = {};
      for (const name of section.document.pages[0]!.fields) {
        if (!visibleFields(section.document, data, params).includes(name) || !(name in ex.answers)) continue;
        await keyboardAnswer(page, section.document, name, ex.answers[name]);
        data[name] = ex.answers[name];
      }
      const heading = await form(page).getByRole('heading', { level: 1 }).textContent();
      await page.keyboard.press('Enter');
      await page.waitForFunction((previous) => {
        if (location.pathname !== '/triage/questionnaire') return true;
        const h1 = document.querySelector('.app-schema-form h1');
        return h1 !== null && h1.textContent !== previous;
      }, heading);
    }
    await page.waitForURL((url) => url.pathname === '/triage/your-own-words');
    await tabTo(page, await idOf(page.getByRole('combobox', { name: /What do you hope for from the practice/ })));
    await page.keyboard.type('I need');
    await tabTo(page, await idOf(page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ })));
    await page.keyboard.type('No');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Next'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await send.waitFor();
    for (let i = 0; i < 60 && !(await send.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: THANK_YOU }).waitFor();
    const [stored] = await practiceRequests();
    expect((stored!.body as { triageRequest: { consultation: { guidelineId: string } } }).triageRequest.consultation.guidelineId).toBe(doc.guidelineId);
  });
});
