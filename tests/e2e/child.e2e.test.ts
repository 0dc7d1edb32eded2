// The child request journey as a parent would use it: date of birth, the age band's emergency
// checklist, the child's details with the child proxy, a child pathway, confirmation; read back
// from the practice. Also: an adult date of birth goes home, a ticked emergency item gives
// 999 / A&E advice and sends nothing, and the whole journey with the keyboard alone.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AMELIA, clickButton, typeDate } from './admin-steps';
import { form } from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceOutbox } from './practice-controls';
import { answerQuestionnaire, loadPathway, onToPractice } from './triage-steps';
import { CHILD, dobForAge, dobForMonths, giveAge, reachMenu } from './child-steps';

const browser = useBrowser({ resetAfterEach: true });

function authHeaders(): Record<string, string> {
  const token = process.env.PRACTICE_API_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only: answers are checked by assertions, not types
type Json = Record<string, any>;
async function storedRequests(): Promise<Array<{ kind: string; body: Json }>> {
  const response = await fetch(`${baseURL()}/api/v1/practice/requests`, { headers: authHeaders() });
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ kind: string; body: Json }>;
}

/** The text of the focused element when it is the page's h1, else undefined. */
function focusedH1(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent?.trim() : undefined));
}

async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('child request', () => {
  it('aged 2: the 12–42 months checklist, "They have none of these", proxy details, a child pathway, confirmation; stored as an unauthenticated child request', async () => {
    const { page, cspViolations } = await openPage(browser);
    await page.goto('/');
    await page
      .getByRole('link', { name: /Child request/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/child-request');
    await expectAccessible(page, 'child age');
    await clickButton(page, 'Next');
    await page.getByText('Please enter a date of birth').first().waitFor();
    await expectAccessible(page, 'child age, failed Next');
    await typeDate(page, 'dateOfBirth', dobForAge(2));
    await clickButton(page, 'Next');

    await page.waitForURL((u) => u.pathname === '/child-request/emergency-symptoms');
    await page.getByRole('heading', { name: 'Does a child aged 12 to 42 months (1 to 3½ years) need emergency care?' }).waitFor();
    expect(await page.getByTestId('checklist-page-counter').textContent()).toBe('Page 1 of 2');
    expect(await page.getByText(/more than 8 puffs/).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'checklist page 1');
    await clickButton(page, 'They have none of these');
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    expect(await page.getByText(/larger than a 50p coin/).count()).toBe(1);
    expect(await page.getByRole('link', { name: /baby or toddler unwell/ }).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'checklist page 2');
    // The back link at the top goes to page 1, then forward again.
    await page.getByTestId('back-link').click();
    await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
    await clickButton(page, 'They have none of these');
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    await clickButton(page, 'They have none of these');

    await page.waitForURL((u) => u.pathname === '/child-request/patient-details');
    await page.getByRole('heading', { name: "The child's details" }).waitFor();
    await expectAccessible(page, 'child details');
    await page.getByLabel(CHILD.sex, { exact: true }).check();
    await page.getByLabel(/^The child's first name/).fill(CHILD.firstName);
    await page.getByLabel(/^The child's last name/).fill(CHILD.lastName);
    await page.getByRole('textbox', { name: /^The postcode where the child lives/ }).fill(CHILD.postcode);
    await clickButton(page, 'Next');
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    // A child request is answered by email: it is required.
    await page.getByLabel(/^Which phone number should the practice call/).fill(AMELIA.phone);
    await page.getByLabel('This is my own number').check();
    await page.getByLabel(/^I have read how my information is used/).check();
    await clickButton(page, 'Next');
    await page.getByText('Please enter an email address').first().waitFor();
    await expectAccessible(page, 'child contact details, email missing');
    await page.getByLabel(/^Email address/).fill(AMELIA.email!);
    await clickButton(page, 'Next');

    await page.getByRole('heading', { name: 'Your relationship to the child' }).waitFor();
    // "About you" is its own step: its own address and title, the back link on top, focus on its h1.
    expect(new URL(page.url()).searchParams.get('step')).toBe('about-you');
    await expect.poll(() => page.title()).toBe('Your GP practice - Your relationship to the child');
    await expect.poll(() => focusedH1(page)).toBe('Your relationship to the child');
    expect(await page.getByTestId('back-link').count()).toBe(1);
    // Browser Back is the contact details; forward again is "About you".
    await page.goBack();
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('contact');
    await page.goForward();
    await page.getByRole('heading', { name: 'Your relationship to the child' }).waitFor();
    // Under 9: "I am the child (patient)" is not offered.
    expect(await page.getByLabel('I am the child (patient)').count()).toBe(0);
    await clickButton(page, 'Next');
    await page.getByText('Please choose a relation').first().waitFor();
    await expectAccessible(page, 'about you, failed Next');
    await page.getByLabel('Other', { exact: true }).check();
    await page.getByRole('textbox', { name: /^Your relationship to the child/ }).fill('x'.repeat(51));
    await page.getByLabel(/^Your full name/).fill('Amelia Testwell');
    await clickButton(page, 'Next');
    await page.getByText('Relation must be 50 characters or fewer').first().waitFor();
    await page.getByLabel('Parent', { exact: true }).check();
    await clickButton(page, 'Next');

    await page.waitForURL((u) => u.pathname === '/child-request/menu');
    await page.getByRole('heading', { name: 'Child request' }).waitFor();
    await page.getByText('Pick the option that looks the best for what the child needs.').waitFor();
    await expectAccessible(page, 'child menu');
    await page.getByRole('button', { name: 'Choose Fever or high temperature' }).click();

    await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
    await form(page).waitFor();
    const doc = loadPathway('Form.U16.Fever');
    const example = doc.examples!.find((e) => e.name === 'Routine fever aged 4')!;
    await answerQuestionnaire(page, doc, example.answers, { patientAge: 2, sexAtBirth: 'female' });
    await page.waitForURL((u) => u.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: /Is there anything else it would help the practice to know/ }).fill('No');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await clickButton(page, 'Send');

    await page.getByRole('heading', { name: 'Your request is sent' }).waitFor();
    await page.getByTestId('reply-time').getByText('The practice will contact you within 1 working day.').waitFor();
    await expectAccessible(page, 'child confirmation');

    const [stored] = await storedRequests();
    expect(stored?.kind).toBe('UNVERIFIED_REQUESTS');
    const primary = stored!.body.primaryRequest;
    expect(primary.triageRequestType).toBe('CHILD_REQUEST');
    expect(primary.consultation.guidelineId).toBe('Form.U16.Fever');
    expect(primary.patient).toMatchObject({
      firstName: 'Poppy',
      lastName: 'Testwell',
      dateOfBirth: dobForAge(2),
      childProxy: { relation: 'Parent', fullName: 'Amelia Testwell' },
    });
    expect(primary.patient.childProxy.toChildRelation).toBeUndefined();
    expect(stored!.body.associatedRequest.triageRequestType).toBe('UNAUTHENTICATED_CHILD_REQUEST');
    // The confirmation the screen promises reaches the parent (the embedded outbox stands in for email), with no clinical answers in it.
    const subject = 'Riverside Medical Practice: we have received your request for a child';
    await expect.poll(async () => (await practiceOutbox()).filter((m) => m.subject === subject).length, { timeout: 15_000 }).toBe(1);
    const mail = (await practiceOutbox()).find((m) => m.subject === subject)!;
    expect(mail).toMatchObject({ channel: 'EMAIL', to: AMELIA.email });
    expect(mail.body).toContain('Call 111, or call 999 in an emergency.');
    // The outcome's own advice is in it (every word the parent was shown), never the parent's answers or the child's name.
    expect(mail.body).toContain('What you were advised');
    expect(mail.body).not.toContain('Poppy');
    expect(await cspViolations()).toEqual([]);
  });

  it('says why an adult date of birth cannot make a child request, and links home', async () => {
    const { page } = await openPage(browser);
    await giveAge(page, '1985-04-12');
    const alert = page.getByTestId('child-too-old');
    await alert.getByText('Child requests are for children under 16').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('child-too-old');
    expect(await alert.textContent()).toContain('16 or over');
    expect(new URL(page.url()).pathname).toBe('/child-request');
    await expectAccessible(page, 'child age, 16 or over');
    await alert.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // And a child screen reached directly without a child's age goes home too.
    await page.goto('/child-request/menu');
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('a ticked emergency item shows the 999 / A&E advice as an emergency care card and sends nothing', async () => {
    const { page } = await openPage(browser);
    await giveAge(page, dobForAge(2));
    await page.getByRole('heading', { name: /need emergency care\?/ }).waitFor();
    await page.getByLabel(/The child is having a fit/).check();
    const card = page.getByTestId('child-emergency-advice');
    await card.getByRole('heading', { name: /Call 999 or go to A&E now/ }).waitFor();
    expect(await card.locator('.nhsuk-card--care--emergency').count()).toBe(1);
    await expectAccessible(page, 'checklist with an item ticked');
    // "They have none of these" cannot be pressed while something is ticked, and says why.
    const none = page.getByRole('button', { name: 'They have none of these' });
    expect(await none.isDisabled()).toBe(true);
    expect(await none.getAttribute('aria-describedby')).toBe('none-of-these-disabled-reason');
    expect(await page.locator('#none-of-these-disabled-reason').textContent()).toContain(
      'You cannot choose "They have none of these" while something is ticked',
    );
    await none.click({ force: true });
    // Still on page 1 with the advice: nothing moves on, nothing is sent.
    expect(await page.getByTestId('checklist-page-counter').textContent()).toBe('Page 1 of 2');
    expect(new URL(page.url()).pathname).toBe('/child-request/emergency-symptoms');
    expect(await storedRequests()).toEqual([]);
    // The back link on page 1 clears the check and returns to the start.
    await page.getByTestId('back-link').click();
    await page.waitForURL((u) => u.pathname === '/child-request');
  });

  it('each checklist page is its own history entry with its own title; Next focuses the h1; a reload stays; a deep link past the pages passed shows the first', async () => {
    const { page } = await openPage(browser);
    await giveAge(page, dobForAge(2));
    const heading = 'Does a child aged 12 to 42 months (1 to 3½ years) need emergency care?';
    await page.getByRole('heading', { name: heading }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(() => page.title()).toBe(`Your GP practice - ${heading} (page 1 of 2)`);
    // One back link, at the top; no Back button at the bottom.
    expect(await page.getByTestId('back-link').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);

    await clickButton(page, 'They have none of these');
    await page.waitForURL((u) => u.pathname === '/child-request/emergency-symptoms' && u.searchParams.get('page') === '2');
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.title()).toBe(`Your GP practice - ${heading} (page 2 of 2)`);
    await expect.poll(() => focusedH1(page)).toBe(heading);
    await expect.poll(() => page.getByTestId('route-announcer').textContent()).toBe(`Your GP practice - ${heading} (page 2 of 2)`);

    // A reload stays on page 2.
    await page.reload();
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // The browser's Back is page 1; Forward is page 2 again.
    await page.goBack();
    await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(() => page.title()).toBe(`Your GP practice - ${heading} (page 1 of 2)`);
    await page.goForward();
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();

    // A new child request: a deep link to page 2 before passing page 1 shows page 1.
    await giveAge(page, dobForAge(2));
    await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
    await page.goto('/child-request/emergency-symptoms?page=2');
    await page.waitForURL((u) => u.pathname === '/child-request/emergency-symptoms' && u.searchParams.get('page') === null);
    await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
    // And something ticked on page 1 keeps page 2 out of reach, even once passed.
    await clickButton(page, 'They have none of these');
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    await page.goBack();
    await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
    await page.getByLabel(/The child is having a fit/).check();
    await page.getByTestId('child-emergency-advice').waitFor();
    await page.goForward();
    await page.waitForURL((u) => u.searchParams.get('page') === null);
    await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
  });

  it('the 4-month-old not feeding for 8 hours: ticking it brings the 999 card into view with focus on its heading; unticking lets the parent go on', async () => {
    const { page } = await openPage(browser);
    await page.setViewportSize({ width: 375, height: 600 });
    await giveAge(page, dobForMonths(4));
    await page.getByRole('heading', { name: 'Does a baby aged 3 to 6 months need emergency care?' }).waitFor();
    const none = page.getByRole('button', { name: 'They have none of these' });
    await none.click();
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    // The limit is 8 hours for this band (it was 12): the parent whose baby has not fed for 8 hours ticks it.
    const item = page.getByLabel(/has not had a feed for 8 hours or more/);
    await item.scrollIntoViewIfNeeded();
    await item.check();
    const card = page.getByTestId('child-emergency-advice');
    const heading = card.getByRole('heading', { name: /Call 999 or go to A&E now/ });
    await heading.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.includes('Call 999 or go to A&E now') === true)).toBe(true);
    await expect
      .poll(() =>
        heading.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await none.isDisabled()).toBe(true);
    await expectAccessible(page, 'baby checklist, not feeding ticked');
    // Unticked by mistake: the button can be pressed again.
    await item.uncheck();
    await card.waitFor({ state: 'detached' });
    expect(await none.isDisabled()).toBe(false);
    expect(await storedRequests()).toEqual([]);
  });

  it('the 4-month-old feeding much less with fewer wet nappies, who passes the checklist: found by search, the feeding pathway ends urgent today, never routine', async () => {
    const { page } = await openPage(browser);
    await reachMenu(page, dobForMonths(4));
    await expectAccessible(page, 'child menu with search');
    await page.getByRole('searchbox', { name: /Search for the child's symptom/ }).fill('baby not feeding, fewer wet nappys');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByTestId('child-main-matches');
    await results.getByRole('heading', { name: 'Feeding problems in babies' }).waitFor();
    await expectAccessible(page, 'child search results');
    await results.getByRole('button', { name: 'Choose Feeding problems in babies' }).click();
    await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
    await form(page).waitFor();
    const doc = loadPathway('Form.U16.Feeding');
    await answerQuestionnaire(page, doc, { feedBabyMonths: 4, feedAmber: ['feedLess', 'fewerWees'], feedDays: 0 }, { patientAge: 0, sexAtBirth: 'female' });
    // Urgent today: the parent is told so first, then asks the practice to call back today.
    await page.waitForURL((u) => u.pathname === '/triage/urgent-today');
    await page.getByText('From the answers you gave, a GP needs to speak to the child today.').waitFor();
    expect(await onToPractice(page)).toBe('/triage/urgent-today');
    await page.waitForURL((u) => u.pathname === '/triage/your-own-words');
    await page.getByRole('combobox', { name: /What do you hope for from the practice/ }).selectOption({ index: 1 });
    // A parent reads the medication option as about the child.
    expect(await page.getByRole('option', { name: "It is about the child's medication" }).count()).toBe(1);
    await page
      .getByRole('textbox', { name: /Is there anything else it would help the practice to know/ })
      .fill('She has had hardly any milk since this morning');
    await form(page).getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Send your request?' }).waitFor();
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: 'Your request is sent' }).waitFor();

    const [stored] = await storedRequests();
    const consultation = stored!.body.primaryRequest.consultation;
    expect(consultation.guidelineId).toBe('Form.U16.Feeding');
    expect(consultation.referralId).toBe('ref-urgent-callback');
    // The engine's record, read as the practice: the top recommendation is the urgent-today one.
    const execution = (await (
      await fetch(`${baseURL()}/api/v1/fhir/r4/GuidelineExecution/${consultation.executionId}`, { headers: authHeaders() })
    ).json()) as Json;
    expect(execution.recommendations[0].id).toBe('amber');
    expect(execution.recommendations[0].actions.find((a: Json) => a.type === 'Referral').referralId).toBe('ref-urgent-callback');
  });

  it('a child search in words that may mean an emergency shows the 999 card first, focused, before any result', async () => {
    const { page } = await openPage(browser);
    await reachMenu(page, dobForMonths(9));
    await page.getByRole('searchbox', { name: /Search for the child's symptom/ }).fill('my baby is floppy and wont wake up');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByTestId('search-emergency');
    await card.waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="search-emergency"]')))).toBe(true);
    // The card comes before the results in the page.
    const before = await page.evaluate(() => {
      const c = document.querySelector('[data-testid="search-emergency"]');
      const r = document.querySelector('[data-testid="child-search-results"]');
      return Boolean(c && r && c.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
    expect(await card.textContent()).toContain('999');
    await expectAccessible(page, 'child search emergency card');
  });

  it('"something else" for a child starts the child catch-all with the age band\'s checks and the parent\'s own words', async () => {
    const { page } = await openPage(browser);
    await reachMenu(page, dobForAge(6));
    await page.getByRole('searchbox', { name: /Search for the child's symptom/ }).fill('lump behind ear');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Whatever the search finds, "something else" stays on offer.
    await page.getByTestId('child-search-results').getByText('Any relevant results will appear here.').waitFor({ state: 'detached' });
    await page.getByTestId('child-something-else').click();
    await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
    await form(page).getByRole('heading', { name: 'Urgent symptoms' }).waitFor();
    await expectAccessible(page, 'child something else, first section');
    const doc = loadPathway('Form.U16.SomethingElse');
    await answerQuestionnaire(
      page,
      doc,
      { otherTemperature: 'no', otherChange: 'quickly', otherDescription: 'A lump behind her ear that is getting bigger' },
      { patientAge: 6, sexAtBirth: 'female' },
    );
    // Getting worse quickly is urgent today: its own screen first, then the parent's own words.
    await onToPractice(page);
    await page.waitForURL((u) => u.pathname === '/triage/your-own-words');
  });

  it('shows each age band its own checklist, the youngest with the 6-hour feed and 37.5°C thresholds', async () => {
    const { page } = await openPage(browser);
    const now = new Date();
    await giveAge(page, new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10));
    await page.getByRole('heading', { name: 'Does a baby aged 0 to 12 weeks need emergency care?' }).waitFor();
    await clickButton(page, 'They have none of these');
    await page.getByText(/has not fed for 6 hours or more/).waitFor();
    expect(await page.getByText(/over 37\.5°C/).count()).toBe(1);
    await expectAccessible(page, 'baby checklist page 2');
    await giveAge(page, dobForAge(12));
    await page.getByRole('heading', { name: 'Does a child aged 10 to 15 years need emergency care?' }).waitFor();
    expect(await page.getByRole('link', { name: /When to go to A&E/ }).count()).toBeGreaterThan(0);
  });
});

/** Presses Tab (never clicks, never focuses by script) until the control has focus. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}
async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}
/** Tab into a radio group (its first option), then arrow keys to the option wanted. */
async function radio(page: Page, target: Locator) {
  const name = await target.getAttribute('name');
  await tabTo(page, page.locator(`input[type=radio][name="${name}"]`).first());
  for (let i = 0; i < 10 && !(await target.isChecked()); i++) {
    if (await target.evaluate((el) => el === document.activeElement)) await page.keyboard.press('Space');
    else await page.keyboard.press('ArrowDown');
  }
  expect(await target.isChecked()).toBe(true);
}

describe('child request with the keyboard alone', () => {
  it('goes from the age to the child menu and into the questionnaire without a mouse', async () => {
    const { page } = await openPage(browser);
    await page.goto('/child-request');
    await page.getByRole('heading', { name: 'What age is the child?' }).waitFor();
    const [y, m, d] = dobForAge(11).split('-');
    await typeInto(page, page.locator('#field-dateOfBirth'), String(Number(d)));
    await typeInto(page, page.locator('#field-dateOfBirth-month'), String(Number(m)));
    await typeInto(page, page.locator('#field-dateOfBirth-year'), y!);
    await press(page, page.getByRole('button', { name: 'Next', exact: true }));

    await page.getByRole('heading', { name: 'Does a child aged 10 to 15 years need emergency care?' }).waitFor();
    await press(page, page.getByRole('button', { name: 'They have none of these' }));
    await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
    await press(page, page.getByRole('button', { name: 'They have none of these' }));

    await page.getByRole('heading', { name: "The child's details" }).waitFor();
    await radio(page, page.getByLabel('Male', { exact: true }));
    await typeInto(page, page.getByLabel(/^The child's first name/), 'Leo');
    await typeInto(page, page.getByLabel(/^The child's last name/), 'Testwell');
    await typeInto(page, page.getByRole('textbox', { name: /^The postcode where the child lives/ }), 'LS1 4AP');
    await press(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
    await typeInto(page, page.getByLabel(/^Email address/), AMELIA.email!);
    await typeInto(page, page.getByLabel(/^Which phone number should the practice call/), AMELIA.phone);
    await radio(page, page.getByLabel('This is my own number'));
    await press(page, page.getByLabel(/^I have read how my information is used/), 'Space');
    await press(page, page.getByRole('button', { name: 'Next', exact: true }));

    await page.getByRole('heading', { name: 'Your relationship to the child' }).waitFor();
    // Aged 11: the child may ask for themselves, and then no full name is asked.
    await radio(page, page.getByLabel('I am the child (patient)'));
    expect(await page.getByLabel(/^Your full name/).count()).toBe(0);
    await press(page, page.getByRole('button', { name: 'Next', exact: true }));

    await page.getByRole('heading', { name: 'Child request' }).waitFor();
    await press(page, page.getByRole('button', { name: 'Choose Ear pain' }));
    await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
    await form(page).waitFor();
  });
});
