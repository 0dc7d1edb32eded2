// Endings by tier (common/endings.ts), as a patient goes through them: one story per tier, adult
// and child, in hours and with the practice closed. Each checks what the screen says, which
// buttons it offers, what is sent, what the practice's inbox shows and what the email says.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { AMELIA, clickButton } from './admin-steps';
import { form } from './form-filler';
import { practiceAuthHeaders, practiceOutbox, practiceRequests, setControls } from './practice-controls';
import { answerQuestionnaire, loadPathway, patientParams, startPathway } from './triage-steps';
import { dobForAge, reachMenu } from './child-steps';

const browser = useBrowser({ resetAfterEach: true });
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Checks the page with axe, and keeps a full-page picture of it in test-results/ for people to look at. */
async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
  await page.screenshot({ path: `test-results/ending-${where.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
}

/** An adult pathway answered with one of its examples, up to the first page after the questionnaire. */
async function finishAdult(page: Page, guidelineId: string, words: string, exampleName: string): Promise<void> {
  const doc = loadPathway(guidelineId);
  const example = doc.examples?.find((e) => e.name === exampleName);
  if (!example) throw new Error(`${guidelineId} has no example "${exampleName}"`);
  await startPathway(page, words, doc.label);
  await answerQuestionnaire(page, doc, example.answers, patientParams(AMELIA));
}

/** The practice's inbox page as staff read it. */
async function inboxHtml(): Promise<string> {
  const response = await fetch(`${baseURL()}/practice/inbox`, { headers: practiceAuthHeaders() });
  expect(response.status).toBe(200);
  return response.text();
}

/** The own-words page (free text is on in the demo practice): a need and "No", then Next. */
async function ownWordsThenSend(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname === '/triage/your-own-words');
  await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
  await form(page).getByRole('button', { name: 'Next', exact: true }).click();
}

/** The child flow up to a child pathway's questionnaire: no checklist sign, the child's and the parent's details. */
async function startChild(page: Page, years: number, pathwayLabel: string): Promise<void> {
  await reachMenu(page, dobForAge(years));
  await page.getByRole('button', { name: `Choose ${pathwayLabel}` }).click();
  await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
  await form(page).waitFor();
}

async function finishChild(page: Page, guidelineId: string, years: number, exampleName: string): Promise<void> {
  const doc = loadPathway(guidelineId);
  const example = doc.examples?.find((e) => e.name === exampleName);
  if (!example) throw new Error(`${guidelineId} has no example "${exampleName}"`);
  await startChild(page, years, doc.label);
  await answerQuestionnaire(page, doc, example.answers, { patientAge: years, sexAtBirth: 'female' });
}

describe('endings by tier: adults', () => {
  it('999 (stroke): call 999 first, no "safe to wait" questions, no GP request; "Tell the practice" sends an emergency indication', async () => {
    const { page, cspViolations } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await finishAdult(page, 'Triage.StrokeSymptoms', 'my face has dropped', 'CALL_999: Face drooping on one side, or you cannot smile evenly');
    await page.waitForURL((u) => u.pathname === '/triage/get-help-now');
    await page.getByRole('heading', { level: 1, name: 'Call 999 now' }).waitFor();
    const card = page.getByTestId('emergency-now');
    expect(await card.getByRole('link', { name: '999' }).first().getAttribute('href')).toBe('tel:999');
    // The outcome's own words are on screen.
    await page.getByTestId('outcome-advice').waitFor();
    expect(await page.getByText('Are you safe to wait for GP care?').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Request consultation|I want GP advice|Send/ }).count()).toBe(0);
    await expectAccessible(page, '999 screen');
    expect(await practiceRequests()).toEqual([]);

    await clickButton(page, 'Tell the practice');
    await page.waitForURL((u) => u.pathname === '/triage/emergency-confirmed');
    await page.getByRole('heading', { level: 1, name: 'Call 999 now' }).waitFor();
    // The emergency comes before the news that the practice was told.
    const order = await page.evaluate(() => {
      const card = document.querySelector('[data-testid="attend-ae-now"]');
      const told = document.querySelector('[data-testid="practice-told"]');
      return card && told ? card.compareDocumentPosition(told) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    await expectAccessible(page, '999 told the practice');

    const [stored] = await practiceRequests();
    const request = stored!.body.triageRequest as { triageRequestType: string; consultation: { tier: string } };
    expect(request.triageRequestType).toBe('EMERGENCY_INDICATION');
    expect(request.consultation.tier).toBe('CALL_999');
    const inbox = await inboxHtml();
    expect(inbox).toContain('Emergency indication');
    expect(inbox).toContain('data-tier="CALL_999"');
    expect(await cspViolations()).toEqual([]);
  });

  it('urgent today (kidney infection): "You need to speak to a GP today", the advice, only today\'s slots; sent, the inbox says reply today and the email carries the advice', async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await finishAdult(
      page,
      'Triage.UrinaryWomen',
      'burning when I pee',
      'Story: cystitis with fever and pain in the side under the ribs: urgent today (kidney infection), not A&E',
    );
    await page.waitForURL((u) => u.pathname === '/triage/urgent-today');
    await page.getByRole('heading', { level: 1, name: 'You need to speak to a GP today' }).waitFor();
    await page.getByText(/A GP will call you today; call NHS/).waitFor();
    await expectAccessible(page, 'urgent today');
    // The pathway checks for appointments and the patient has an email: today's slots only.
    await clickButton(page, 'Choose a time today');
    await ownWordsThenSend(page);
    await page.waitForURL((u) => ['/appointment/book-appointment', '/appointment/no-appointments'].includes(u.pathname));
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    // The booking screen draws today's times, or (none left today) hands over to the no-appointments screen.
    await page
      .locator('.app-booking-day')
      .first()
      .or(page.getByRole('heading', { level: 1, name: 'No appointments available' }))
      .waitFor();
    if (pathOf(page) === '/appointment/book-appointment') {
      const days = await page.locator('.app-booking-day').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
      expect(days.length).toBeGreaterThan(0);
      expect(
        days.every((d) => d === today),
        JSON.stringify(days),
      ).toBe(true);
      expect(await page.getByRole('button', { name: /Show more times/ }).count()).toBe(0);
      await page
        .getByRole('button', { name: /None of these times suit me/ })
        .first()
        .click();
    }
    await page.waitForURL((u) => u.pathname === '/appointment/no-appointments' || u.pathname === '/triage/thank-you');
    if (pathOf(page) === '/appointment/no-appointments') {
      await page.getByText(/no appointments left today/).waitFor();
      expect(await page.getByText(/2 working days/).count()).toBe(0);
      await clickButton(page, 'Send request');
    }
    await page.waitForURL((u) => u.pathname === '/triage/thank-you');
    await page
      .getByTestId('reply-time')
      .getByText(/The practice will contact you today/)
      .waitFor();
    await page.getByRole('heading', { name: 'What you were advised' }).waitFor();
    await expectAccessible(page, 'urgent today sent');

    const [stored] = await practiceRequests();
    expect((stored!.body.triageRequest as { consultation: { tier: string } }).consultation.tier).toBe('URGENT_TODAY');
    const inbox = await inboxHtml();
    expect(inbox).toContain('Urgent: reply today');
    await expect.poll(async () => (await practiceOutbox()).filter((m) => m.channel === 'EMAIL').length, { timeout: 15_000 }).toBeGreaterThan(0);
    const mail = (await practiceOutbox()).find((m) => m.channel === 'EMAIL')!;
    expect(mail.body).toContain('The practice will contact you today');
    expect(mail.body).toContain('What you were advised');
    expect(mail.body).toContain('A GP will call you today');
  });

  it('urgent today when the practice has closed: 111 now, and no request that the practice could not read today', async () => {
    const { page } = await openPage(browser);
    const doc = loadPathway('Triage.UrinaryWomen');
    const example = doc.examples!.find((e) => e.name.startsWith('Story: cystitis with fever'))!;
    await startPathway(page, 'burning when I pee', doc.label);
    // The practice closes while the patient answers.
    await setControls({ operationalState: { medical: { practiceCalendar: 'OUT_OF_HOURS' } } });
    await answerQuestionnaire(page, doc, example.answers, patientParams(AMELIA)).catch(() => undefined);
    await page.waitForURL((u) => u.pathname === '/triage/urgent-today' || u.pathname === '/triage/service-closed');
    if (pathOf(page) === '/triage/urgent-today') {
      await page.getByTestId('practice-closed').waitFor();
      expect(await page.getByTestId('practice-closed').getByRole('link', { name: '111' }).getAttribute('href')).toBe('tel:111');
      expect(await page.getByRole('button', { name: /call me today|Choose a time today/ }).count()).toBe(0);
      await expectAccessible(page, 'urgent today, closed');
    } else {
      // Closed before the last answer reached the engine: the spec's service-closed screen with 111 and 999.
      await page.getByRole('link', { name: '111' }).first().waitFor();
    }
    expect(await practiceRequests()).toEqual([]);
  });

  it('pharmacy (cystitis): Pharmacy First, find a pharmacy; "I\'ll go to a pharmacy" sends nothing and can email the advice', async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await finishAdult(page, 'Triage.UrinaryWomen', 'cystitis', 'Pharmacy First: cystitis at 16 (within women 16 to 64)');
    await page.waitForURL((u) => u.pathname === '/triage/pharmacy');
    await page.getByRole('heading', { level: 1, name: 'A pharmacist can help with this today' }).waitFor();
    expect(await page.getByRole('link', { name: 'Find a pharmacy near you' }).getAttribute('href')).toBe(
      'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy',
    );
    await page.getByTestId('outcome-advice').waitFor();
    await expectAccessible(page, 'pharmacy');
    await clickButton(page, "I'll go to a pharmacy");
    await page.waitForURL((u) => u.pathname === '/triage/advice-given');
    await page.getByText('Nothing has been sent to your GP practice.').waitFor();
    await expectAccessible(page, 'pharmacy chosen');
    expect(await practiceRequests()).toEqual([]);
    // Patient data is gone from the tab: only the advice words are kept.
    expect(await page.evaluate(() => sessionStorage.getItem('flow:triage'))).not.toContain(AMELIA.lastName);

    expect(await page.getByLabel('Email address').inputValue()).toBe(AMELIA.email);
    await clickButton(page, 'Email me this advice');
    await page.getByTestId('advice-emailed').waitFor();
    await expect.poll(async () => (await practiceOutbox()).filter((m) => m.channel === 'EMAIL').length, { timeout: 15_000 }).toBe(1);
    const mail = (await practiceOutbox())[0]!;
    expect(mail.to).toBe(AMELIA.email);
    expect(mail.body).toContain('What you were advised');
    expect(mail.body).toMatch(/pharmacist/i);
    expect(await practiceRequests()).toEqual([]);
  });

  it('self-care (a new cold sore), the patient still asks the practice: a routine request that says what they were told', async () => {
    const { page } = await openPage(browser);
    await finishAdult(page, 'Triage.ColdSores', 'cold sore', 'New cold sore');
    await page.waitForURL((u) => u.pathname === '/triage/self-care');
    await page.getByRole('heading', { level: 1, name: 'You can look after this yourself at home' }).waitFor();
    await page.getByText(/antiviral cream/).waitFor();
    expect(await page.getByRole('link', { name: 'Cold sores - NHS' }).getAttribute('href')).toBe('https://www.nhs.uk/conditions/cold-sores/');
    await expectAccessible(page, 'self-care');
    await clickButton(page, 'I still want to ask the practice');
    await ownWordsThenSend(page);
    // Cold sores check for appointments: a routine request is offered slots (any day), or sent.
    await page.waitForURL((u) => ['/appointment/book-appointment', '/triage/complete', '/appointment/no-appointments'].includes(u.pathname));
    if (pathOf(page) === '/appointment/book-appointment')
      await page
        .getByRole('button', { name: /None of these times suit me/ })
        .first()
        .click();
    if (pathOf(page) === '/triage/complete') await clickButton(page, 'Send');
    if (pathOf(page) === '/appointment/no-appointments') await clickButton(page, 'Send request');
    await page.waitForURL((u) => u.pathname === '/triage/thank-you');
    await page
      .getByText(/within 48 hours/)
      .first()
      .waitFor();
    const inbox = await inboxHtml();
    expect(inbox).toContain('Advised self-care; chose to ask the practice');
  });
});

describe('endings by tier: children', () => {
  it("a child's 999 result past the checklist: call 999, the outcome's words, no 111 alternative as the answer", async () => {
    const { page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await finishChild(page, 'Form.U16.Fever', 4, 'ref-emergency: Floppy, unresponsive, or very hard to wake up');
    await page.waitForURL((u) => u.pathname === '/triage/get-help-now');
    await page.getByRole('heading', { level: 1, name: 'Call 999 now' }).waitFor();
    expect(await page.getByText('Get help now', { exact: true }).count()).toBe(0);
    expect(await page.getByText(/Call 111 or get help from 111 online if/).count()).toBe(0);
    await expectAccessible(page, 'child 999');
  });

  it("a child's A&E result: go to A&E now, without the adult safety questions", async () => {
    const { page } = await openPage(browser);
    await finishChild(page, 'Form.U16.Fever', 4, 'ref-ae: A stiff neck, or pain when looking at bright lights');
    await page.waitForURL((u) => u.pathname === '/triage/get-help-now');
    await page.getByRole('heading', { level: 1, name: 'Go to A&E now' }).waitFor();
    expect(await page.getByText('Are you safe to wait for GP care?').count()).toBe(0);
  });

  it('a routine child request promises "within 1 working day" on the send page, the confirmation and the email', async () => {
    const { page } = await openPage(browser);
    await finishChild(page, 'Form.U16.Fever', 4, 'Routine fever aged 4');
    await ownWordsThenSend(page);
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await page.getByText('The practice will contact you within 1 working day').first().waitFor();
    expect(await page.getByText(/48 hours/).count()).toBe(0);
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: 'Your request is sent' }).waitFor();
    await page.getByTestId('reply-time').getByText('The practice will contact you within 1 working day.').waitFor();
    expect(await page.getByText(/48 hours/).count()).toBe(0);
    await expect.poll(async () => (await practiceOutbox()).filter((m) => m.channel === 'EMAIL').length, { timeout: 15_000 }).toBe(1);
    const mail = (await practiceOutbox())[0]!;
    expect(mail.body).toContain('within 1 working day');
    expect(mail.body).not.toContain('48 hours');
  });

  it('an urgent-today child result: speak to a GP today, then the confirmation says today, never 1 working day', async () => {
    const { page } = await openPage(browser);
    await finishChild(page, 'Form.U16.Fever', 4, 'Drinking less');
    await page.waitForURL((u) => u.pathname === '/triage/urgent-today');
    await page.getByText('From the answers you gave, a GP needs to speak to the child today.').waitFor();
    await clickButton(page, 'Ask the practice to call me today');
    await ownWordsThenSend(page);
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: 'Your request is sent' }).waitFor();
    await page
      .getByTestId('reply-time')
      .getByText(/The practice will contact you today/)
      .waitFor();
    expect(await page.getByText(/1 working day/).count()).toBe(0);
    const [stored] = await practiceRequests();
    expect((stored!.body.primaryRequest as { consultation: { tier: string } }).consultation.tier).toBe('URGENT_TODAY');
  });
});
