// Steps of the booking screen shared by the booking and experience e2e files.
import type { Page } from 'playwright-core';
import { baseURL } from './harness';
import { finishedExample, overHttp } from '../integration/support/walker';

export const AMELIA_PATIENT = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  sexAtBirth: 'female',
  postCode: 'LS1 4AP',
  contactDetails: { emailAddress: 'amelia.testwell@example.com' },
};

/** Demo link of a booked appointment that can be changed or cancelled (docs/api.md, "Demo appointment links"). */
export const BOOKED_LINK = '677d8081-6678-49d5-9280-d19eb3053764';

/**
 * A medical flow's hand-over (src/flows/bookingRequest.ts), written as the triage flow
 * writes it: the request of a finished routine execution (the practice classifies a booking by the
 * execution it names, server/triageClassification.ts).
 */
export async function startSymptomBooking(
  page: Page,
  referralId: string,
  expectTimes = true,
  patient: object = AMELIA_PATIENT,
  filters: { sites: string[]; holders: string[] } = { sites: [], holders: [] },
  /** More of the triage request, as the flow that hands over writes it (e.g. an emergency override's reason). */
  extra: Record<string, unknown> = {},
) {
  // An execution whose referral is the one booked: the practice books only the slot types of the
  // pathway's own referrals (a sore-throat execution cannot take a nurse slot).
  const [guidelineId, example] = referralId === 'ref-nurse' ? ['Triage.Contraception', 'Routine pill check'] : ['Triage.SoreThroat', 'Routine sore throat'];
  const execution = await finishedExample(overHttp(baseURL()), guidelineId, example);
  const consultation = { guidelineId, executionId: String(execution.identifier) };
  await page.goto('/appointment/not-accessible');
  await page.evaluate(
    ([patient, referral, filters, consultation, extra]) => {
      sessionStorage.setItem(
        'flow:booking',
        JSON.stringify({
          request: {
            mode: 'symptom-assessment',
            triageRequest: { patient, triageRequestType: 'CONSULTATION_REQUEST', consultation, ...extra },
            referralId: referral,
            guidelineFinishedOn: new Date().toISOString(),
            sentPath: '/appointment/not-accessible',
          },
          keys: {},
          filters,
        }),
      );
    },
    [patient, referralId, filters, consultation, extra] as const,
  );
  await page.goto('/appointment/book-appointment');
  if (!expectTimes) return;
  await page.getByRole('heading', { level: 1, name: 'Book your appointment' }).waitFor();
  await page.locator('.app-booking-time').first().waitFor();
}

/**
 * Reschedule or "Cancel it" on a link first asks the patient's date of birth ("Confirm it is you",
 * once per visit): answers it as the patient (ISO date) and presses Continue.
 */
export async function confirmItIsYou(page: Page, dateOfBirth: string = AMELIA_PATIENT.dateOfBirth): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Confirm it is you' }).waitFor();
  const [y, m, d] = dateOfBirth.split('-');
  await page.getByLabel('Day').fill(String(Number(d)));
  await page.getByLabel('Month').fill(String(Number(m)));
  await page.getByLabel('Year').fill(y!);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}
