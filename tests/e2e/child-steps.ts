// Steps of the child request, driven as a parent would: the age, the age band's checklist, the
// child's and the parent's details, up to the child menu.
import type { Page } from 'playwright-core';
import { AMELIA, clickButton, typeDate } from './admin-steps';

/** A date of birth `years` and a few days ago (a child aged exactly `years`). */
export function dobForAge(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - 20)).toISOString().slice(0, 10);
}

/** A date of birth `months` months and a few days ago. */
export function dobForMonths(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate() - 5)).toISOString().slice(0, 10);
}

export const CHILD = { firstName: 'Poppy', lastName: 'Testwell', sex: 'Female', postcode: 'LS1 4AP' };

export async function giveAge(page: Page, dob: string) {
  await page.goto('/child-request');
  await page.getByRole('heading', { name: 'What age is the child?' }).waitFor();
  await typeDate(page, 'dateOfBirth', dob);
  await clickButton(page, 'Next');
}

/** From the age question to the child menu: no emergency ticked, the child's details, the parent's contact details, Parent. */
export async function reachMenu(page: Page, dob: string) {
  await giveAge(page, dob);
  await page.getByTestId('checklist-page-counter').getByText('Page 1 of 2').waitFor();
  await clickButton(page, 'They have none of these');
  await page.getByTestId('checklist-page-counter').getByText('Page 2 of 2').waitFor();
  await clickButton(page, 'They have none of these');
  await page.getByRole('heading', { name: "The child's details" }).waitFor();
  await page.getByLabel(CHILD.sex, { exact: true }).check();
  await page.getByLabel(/^The child's first name/).fill(CHILD.firstName);
  await page.getByLabel(/^The child's last name/).fill(CHILD.lastName);
  await page.getByRole('textbox', { name: /^The postcode where the child lives/ }).fill(CHILD.postcode);
  await clickButton(page, 'Next');
  await page.getByRole('heading', { name: 'Your contact details' }).waitFor();
  await page.getByLabel(/^Email address/).fill(AMELIA.email!);
  await page.getByLabel(/^Which phone number should the practice call/).fill(AMELIA.phone);
  await page.getByLabel('This is my own number').check();
  await page.getByLabel(/^I have read how my information is used/).check();
  await clickButton(page, 'Next');
  await page.getByRole('heading', { name: 'Your relationship to the child' }).waitFor();
  await page.getByLabel('Parent', { exact: true }).check();
  await page.getByLabel(/^Your full name/).fill('Amelia Testwell');
  await clickButton(page, 'Next');
  await page.waitForURL((u) => u.pathname === '/child-request/menu');
}
