// Eligibility pathways end to end, as a patient would use them: the standard-appointments menu,
// the pathway page, emergency symptoms, details, the questionnaire, then each outcome. The
// self-help outcome is read back from the practice (request and its SELF_HELP email); the
// appointment outcome hands over to the booking screen through sessionStorage and is booked.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AMELIA, clickButton, declineLogin, fillContact, fillDetails } from './admin-steps';
import { form } from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceOutbox } from './practice-controls';
import { answerQuestionnaire, bookFirstTime, loadPathway, patientParams } from './triage-steps';

const browser = useBrowser({ resetAfterEach: true });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only: answers are checked by assertions, not types
type Json = Record<string, any>;
function authHeaders(): Record<string, string> {
  const token = process.env.PRACTICE_API_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}
async function readBack(path: string): Promise<Json[]> {
  const response = await fetch(`${baseURL()}${path}`, { headers: authHeaders() });
  expect(response.status).toBe(200);
  return (await response.json()) as Json[];
}
async function expectAccessible(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

const PHYSIO = loadPathway('Eligibility.FirstContactPhysio');
/** The text of the physiotherapy appointment outcome's "No slots copy" action. */
const NO_SLOTS_COPY = 'There are no appointments available to book online right now. Please try again tomorrow or call the practice.';
const example = (name: string) => PHYSIO.examples!.find((e) => e.name === name)!.answers;

/** From the menu to the end of the first contact physiotherapy questionnaire with the example's answers. */
async function physioQuestionnaire(page: Page, answers: Json, axe = false) {
  await page.goto('/e/b');
  await page.waitForURL((u) => u.pathname === '/eligibility/booking');
  await page.getByRole('heading', { name: 'A very warm welcome' }).waitFor();
  await page.getByText('Please select the option you need below.').waitFor();
  const labels = await page.getByTestId('eligibility-options').getByRole('link').allTextContents();
  expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  expect(labels).toContain('First contact physiotherapy');
  if (axe) await expectAccessible(page, 'eligibility menu');
  await page.getByRole('link', { name: 'First contact physiotherapy', exact: true }).click();

  await page.waitForURL((u) => u.pathname === '/eligibility/guideline' && u.searchParams.get('guideline') === 'Eligibility.FirstContactPhysio');
  await page.getByRole('heading', { name: 'First contact physiotherapy', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Checking this is a suitable appointment for you' }).waitFor();
  await page.getByRole('heading', { name: 'Offering an appointment' }).waitFor();
  await page.getByText(/See a physiotherapist for a muscle, joint or back problem/).waitFor();
  if (axe) await expectAccessible(page, 'eligibility pathway');
  await clickButton(page, 'Next');

  // The pathway asks for the emergency symptoms first.
  await page.waitForURL((u) => u.pathname === '/emergency-symptoms');
  await clickButton(page, 'I have none of these');
  await page.waitForURL((u) => u.pathname === '/triage/patient-details');
  await declineLogin(page);
  await fillDetails(page, AMELIA);
  await clickButton(page, 'Next');
  await fillContact(page, AMELIA);
  await clickButton(page, 'Next');
  await page.waitForURL((u) => u.pathname === '/triage/questionnaire');
  await form(page).waitFor();
  await page.getByText('First contact physiotherapy').first().waitFor();
  await answerQuestionnaire(page, PHYSIO, answers, patientParams(AMELIA));
}

describe('eligibility pathways', () => {
  it('self-help outcome: "I will try self-help first" sends the request with the self-help email, then "Your email is on its way to you"', async () => {
    const { page, cspViolations } = await openPage(browser);
    await physioQuestionnaire(page, example('New mild problem, no self-help yet'), true);
    await page.waitForURL((u) => u.pathname === '/eligibility/self-help');
    await page.getByRole('heading', { name: 'Try self-help first' }).waitFor();
    // First contact physiotherapy is AI-led: the appointment is offered too.
    await page.getByLabel('Request appointment and self-help').waitFor();
    await page.getByRole('link', { name: /Exercises for back pain - NHS/ }).waitFor();
    await expectAccessible(page, 'self-help choice');
    await clickButton(page, 'Please send the information');
    await page.getByText('Please select an option').first().waitFor();
    await expectAccessible(page, 'self-help choice, failed send');
    await page.getByLabel('I will try self-help first').check();
    await clickButton(page, 'Please send the information');

    await page.waitForURL((u) => u.pathname === '/self-help/thank-you');
    await page.getByRole('heading', { name: 'Your email is on its way to you' }).waitFor();
    await expectAccessible(page, 'self-help thank-you');

    const [stored] = await readBack('/api/v1/practice/requests');
    expect(stored?.kind).toBe('CONSULTATION');
    expect(stored!.body.triageRequest.triageRequestType).toBe('ELIGIBILITY_BOOKING');
    expect(stored!.body.triageRequest.consultation.guidelineId).toBe('Eligibility.FirstContactPhysio');
    expect(stored!.body.triageRequest.notificationEvents).toEqual(expect.arrayContaining([{ channel: 'EMAIL', event: 'SELF_HELP' }]));
    const queued = await readBack('/api/v1/practice/notifications');
    const selfHelp = queued.filter((n) => n.template === 'SELF_HELP' && n.sourceId === stored!.id);
    expect(selfHelp.map((n) => n.channel)).toEqual(['EMAIL']);
    // ...and is delivered: the outbox holds the email with the pathway's self-help links.
    const subject = 'Riverside Medical Practice: the self-help information you asked for';
    await expect.poll(async () => (await practiceOutbox()).filter((m) => m.subject === subject).length, { timeout: 15_000 }).toBe(1);
    const mail = (await practiceOutbox()).find((m) => m.subject === subject)!;
    expect(mail.channel).toBe('EMAIL');
    expect(mail.body).toContain('Exercises for back pain');
    expect(await cspViolations()).toEqual([]);
  });

  it('appointment outcome: hands over to the booking screen (flow:booking, mode eligibility) with what a booking needs, then books', async () => {
    const { page } = await openPage(browser);
    await physioQuestionnaire(page, example('Suitable for FCP'));
    await page.waitForURL((u) => u.pathname === '/appointment/book-appointment');
    const handoff = (JSON.parse((await page.evaluate(() => sessionStorage.getItem('flow:booking'))) ?? 'null') as Json).request as Json;
    expect(handoff).toMatchObject({
      mode: 'eligibility',
      guidelineId: 'Eligibility.FirstContactPhysio',
      referralId: 'ref-routine',
      cancelPath: '/eligibility/guideline?guideline=Eligibility.FirstContactPhysio',
    });
    expect(handoff.eligibilityBooking).toMatchObject({
      triageRequestType: 'ELIGIBILITY_BOOKING',
      patient: { lastName: 'Testwell', dateOfBirth: AMELIA.dateOfBirth },
    });
    expect(handoff.eligibilityBooking.consultation.executionId).toEqual(expect.any(String));
    // Nothing is sent before the patient books.
    expect(await readBack('/api/v1/practice/requests')).toEqual([]);
    // Patient data is in sessionStorage only, never localStorage.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The pathway's own "No slots copy" travels with the request, for the no-slots screen.
    expect(handoff.noSlotsText).toBe(NO_SLOTS_COPY);

    // The patient books the first time offered: the practice has the eligibility request and its appointment.
    await bookFirstTime(page);
    const [stored] = await readBack('/api/v1/practice/requests');
    expect(stored).toMatchObject({ kind: 'CONSULTATION', formType: 'ELIGIBILITY_BOOKING' });
    expect(stored!.body.eligibilityBooking).toMatchObject({
      triageRequestType: 'ELIGIBILITY_BOOKING',
      consultation: { guidelineId: 'Eligibility.FirstContactPhysio' },
    });
    expect(stored!.body.appointmentSlotId).toEqual(expect.any(String));
    const booked = 'Riverside Medical Practice: your appointment is booked';
    await expect.poll(async () => (await practiceOutbox()).filter((m) => m.subject === booked && m.to === AMELIA.email).length, { timeout: 15_000 }).toBe(1);
  });

  it('no slots for first contact physiotherapy: the pathway\'s own text, "Get self-help" opens its NHS links, Cancel goes back to the pathway', async () => {
    const { page, cspViolations } = await openPage(browser);
    await physioQuestionnaire(page, example('Suitable for FCP'));
    await page.waitForURL((u) => u.pathname === '/appointment/book-appointment');
    // The screen the booking screen shows when the practice has no slot to offer (always reachable).
    await page.goto('/appointment/no-appointments');
    await page.getByText(NO_SLOTS_COPY).waitFor();
    expect(await page.getByText('No more appointments available online').count()).toBe(0);
    await expectAccessible(page, 'no slots, first contact physiotherapy');
    await page.getByRole('link', { name: 'Get self-help' }).click();
    await page.waitForURL((u) => u.pathname === '/self-help' && u.searchParams.get('guideline') === 'Eligibility.FirstContactPhysio');
    const results = page.getByTestId('self-help-results');
    await results.getByRole('link', { name: /Physiotherapy - NHS/ }).waitFor();
    expect(await results.getByRole('heading', { name: 'Muscle, joint or back problem' }).count()).toBe(1);
    await expectAccessible(page, "self-help at the pathway's links");
    await page.goBack();
    await page.getByText(NO_SLOTS_COPY).waitFor();
    await clickButton(page, 'Cancel');
    await page.waitForURL((u) => u.pathname === '/eligibility/guideline' && u.searchParams.get('guideline') === 'Eligibility.FirstContactPhysio');
    expect(await readBack('/api/v1/practice/requests')).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  it("Cancel during an eligibility pathway's journey goes back to the pathway page (its return target)", async () => {
    const { page } = await openPage(browser);
    await page.goto('/eligibility/guideline?guideline=Eligibility.FirstContactPhysio');
    await page.getByRole('heading', { name: 'First contact physiotherapy', level: 1 }).waitFor();
    await clickButton(page, 'Next');
    await page.waitForURL((u) => u.pathname === '/emergency-symptoms');
    await clickButton(page, 'I have none of these');
    await page.waitForURL((u) => u.pathname === '/triage/patient-details');
    await declineLogin(page);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await clickButton(page, 'Cancel');
    await page.waitForURL((u) => u.pathname === '/eligibility/guideline' && u.searchParams.get('guideline') === 'Eligibility.FirstContactPhysio');
    await page.getByRole('heading', { name: 'First contact physiotherapy', level: 1 }).waitFor();
  });

  it('self-help outcome of an AI-led pathway: "Request appointment and self-help" hands over to booking with the self-help email', async () => {
    const { page } = await openPage(browser);
    await physioQuestionnaire(page, example('New mild problem, no self-help yet'));
    await page.waitForURL((u) => u.pathname === '/eligibility/self-help');
    await page.getByLabel('Request appointment and self-help').check();
    await clickButton(page, 'Please send the information');
    await page.waitForURL((u) => u.pathname === '/appointment/book-appointment');
    const handoff = (JSON.parse((await page.evaluate(() => sessionStorage.getItem('flow:booking'))) ?? 'null') as Json).request as Json;
    expect(handoff).toMatchObject({ mode: 'eligibility', guidelineId: 'Eligibility.FirstContactPhysio', referralId: 'ref-routine' });
    expect(handoff.eligibilityBooking.notificationEvents).toEqual(expect.arrayContaining([{ channel: 'EMAIL', event: 'SELF_HELP' }]));
    expect(await readBack('/api/v1/practice/requests')).toEqual([]);
  });

  it('signpost outcome: the pathway text and the practice phone, nothing sent', async () => {
    const { page } = await openPage(browser);
    await physioQuestionnaire(page, example('Under a specialist'));
    await page.waitForURL((u) => u.pathname === '/eligibility/signpost');
    await page
      .getByTestId('signpost-text')
      .getByText(/contact the hospital or specialist team/)
      .waitFor();
    expect(await page.getByTestId('signpost-phone').textContent()).toMatch(/call the practice on .*\d/);
    await expectAccessible(page, 'signpost');
    expect(await readBack('/api/v1/practice/requests')).toEqual([]);
    await clickButton(page, 'Finish');
    // The menu is this session's home.
    await page.waitForURL((u) => u.pathname === '/eligibility/booking');
  });

  it('something went wrong: the situation is not recognised, call the practice', async () => {
    const { page } = await openPage(browser);
    await page.goto('/eligibility/something-went-wrong');
    await page.getByText(/we did not recognise your situation/).waitFor();
    await page.getByText(/Please call the practice/).waitFor();
    await expectAccessible(page, 'something went wrong');
  });
});
