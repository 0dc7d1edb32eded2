// Steps of the admin-request journey, driven as a patient would: by labels and button names.
import type { Locator, Page } from 'playwright-core';

export interface DemoPatient {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  sex: 'Female' | 'Male';
  postcode: string;
  email?: string;
  phone: string;
}

/** Demo patients of the embedded practice (docs/api.md, "Demo patients"). */
export const AMELIA: DemoPatient = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  sex: 'Female',
  postcode: 'LS1 4AP',
  email: 'amelia.testwell@example.com',
  phone: '07400 123456',
};

export function demoPatient(lastName: string, dateOfBirth: string, postcode: string, email?: string): DemoPatient {
  return { firstName: 'Sam', lastName, dateOfBirth, sex: 'Female', postcode, email, phone: '07400 654321' };
}

export async function typeDate(page: Page, field: string, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await page.locator(`#field-${field}`).fill(String(Number(day)));
  await page.locator(`#field-${field}-month`).fill(String(Number(month)));
  await page.locator(`#field-${field}-year`).fill(year ?? '');
}

export async function clickButton(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).click();
}

/** Cancel on a step that holds answers asks first: "Yes, discard my request". */
export async function confirmDiscard(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Discard your request?' }).getByRole('button', { name: 'Yes, discard my request' }).click();
}

/** A journey opened by a deep link meets the emergency symptoms screen first (once per journey). */
export async function passEmergencyCheck(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Call 999 for help if you have any of these' }).waitFor();
  await clickButton(page, 'I have none of these');
}

/** On the NHS login choice, goes on without logging in (the demo practice has NHS login on). */
export async function declineLogin(page: Page): Promise<void> {
  await clickButton(page, 'Continue without logging in');
}

export async function fillDetails(page: Page, patient: DemoPatient): Promise<void> {
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await typeDate(page, 'dateOfBirth', patient.dateOfBirth);
  await page.getByLabel(patient.sex, { exact: true }).check();
  await page.getByLabel(/^First name/).fill(patient.firstName);
  await page.getByLabel(/^Last name/).fill(patient.lastName);
  await page.getByRole('textbox', { name: /^Postcode/ }).fill(patient.postcode);
}

export async function fillContact(page: Page, patient: DemoPatient): Promise<void> {
  await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
  if (patient.email) await page.getByLabel(/^Email address/).fill(patient.email);
  await page.getByLabel(/^Which phone number should the practice call/).fill(patient.phone);
  await page.getByLabel('This is my own number').check();
  await page.getByLabel(/^I have read how my information is used/).check();
}

/**
 * From a fresh tab to the admin form: the form's link, NHS login declined, details and contact
 * details filled; answers the "no email" prompt with Continue when it appears.
 */
export async function reachForm(page: Page, formType: string, patient: DemoPatient = AMELIA): Promise<void> {
  await page.goto(`/admin-request/form?request=${formType}`);
  await passEmergencyCheck(page);
  await declineLogin(page);
  await fillDetails(page, patient);
  await clickButton(page, 'Next');
  await fillContact(page, patient);
  await clickButton(page, 'Next');
  if (!patient.email) await clickButton(page, 'Continue');
  await page.waitForURL((url) => url.pathname === '/admin-request/form');
}

/** A postcode the demo practice's lookup does not know (it asks "This may be a new postcode"). */
export const UNKNOWN_POSTCODE = 'LS99 9ZZ';

/** From a deep link to an admin form through the details with an unknown postcode: the open "Postcode not found" prompt. */
export async function reachPostcodeNotFound(page: Page, request: string): Promise<Locator> {
  await page.goto(`/admin-request/form?request=${request}`);
  await passEmergencyCheck(page); // a deep link meets the emergency check first
  await declineLogin(page);
  await fillDetails(page, { ...AMELIA, postcode: UNKNOWN_POSTCODE });
  await clickButton(page, 'Next');
  const dialog = page.getByRole('dialog', { name: 'Postcode not found' });
  await dialog.waitFor();
  return dialog;
}
