// The "add another" list on the real repeat prescription form, driven as a patient would: order
// two medicines, remove one, send; the practice (read back with the staff bearer token) receives
// exactly the medicine kept. Focus follows the pattern: Add moves it to the new item's first
// question, Remove to the list's heading; axe finds nothing with two items on the page.
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceRequests } from './practice-controls';
import { AMELIA, clickButton, reachForm, typeDate } from './admin-steps';

const browser = useBrowser({ resetAfterEach: true });

const SENT = 'Your administrative request has been sent.';

describe('"add another" medicines on the repeat prescription form', () => {
  it('orders two medicines, removes the first, sends, and the practice receives only the one kept', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    await reachForm(page, 'REPEAT_PRESCRIPTION', AMELIA);
    await page.getByRole('heading', { name: 'Which medicines do you need?' }).waitFor();

    await page.locator('#field-medication\\.0\\.name').fill('Salbutamol inhaler');
    await page.locator('#field-medication\\.0\\.strength').fill('100 micrograms');
    await clickButton(page, 'Add another medicine');
    // Focus moves to the new item's first question.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-medication.1.name');
    await page.locator('#field-medication\\.1\\.name').fill('Sertraline');
    await page.locator('#field-medication\\.1\\.strength').fill('50mg');
    await page.locator('#field-medication\\.1\\.howOften').fill('Once a day');
    expect(await axeViolations(page)).toEqual([]);

    // Each item's Remove names the item for a screen reader ("Remove medicine 1").
    await page.getByRole('button', { name: 'Remove medicine 1' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-medication-heading');
    // The kept medicine is now the first item, with its answers; no Remove is left on a single item.
    await expect.poll(() => page.locator('#field-medication\\.0\\.name').inputValue()).toBe('Sertraline');
    expect(await page.locator('#field-medication\\.0\\.strength').inputValue()).toBe('50mg');
    expect(await page.locator('#field-medication\\.1\\.name').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    await typeDate(page, 'issueDate', tomorrow);
    await clickButton(page, 'Send');
    await page.getByRole('heading', { name: SENT }).waitFor();

    const stored = (await practiceRequests()).filter((r) => r.formType === 'REPEAT_PRESCRIPTION');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body.medication).toEqual([{ name: 'Sertraline', strength: '50mg', howOften: 'Once a day' }]);
    expect(stored[0]!.body.issueDate).toBe(tomorrow);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
