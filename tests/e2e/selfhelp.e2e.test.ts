// The self-help search: from the home card, through the emergency symptoms, a condition search of
// at least 3 characters with Open, and NHS links that open in the same tab, labelled as external.
import { describe, expect, it } from 'vitest';
import { clickButton } from './admin-steps';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';

const browser = useBrowser();

describe('self-help search', () => {
  it('searches conditions (at least 3 characters) and links to NHS pages in the same tab, marked external', async () => {
    const { page, cspViolations } = await openPage(browser);
    await page.goto('/');
    await page
      .getByRole('link', { name: /Self-help information/ })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/emergency-symptoms');
    await clickButton(page, 'I have none of these');
    await page.waitForURL((u) => u.pathname === '/self-help');
    const box = page.getByRole('searchbox', { name: /Search for a condition/ });
    await box.waitFor();
    expect(await axeViolations(page), 'self-help search').toEqual([]);

    await box.fill('ba');
    await clickButton(page, 'Open');
    await page.getByText('Please enter at least 3 characters').first().waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page), 'self-help search, too short').toEqual([]);

    await box.fill('physio');
    await box.press('Enter');
    const link = page.getByTestId('self-help-results').getByRole('link', { name: /Physiotherapy - NHS \(external site\)/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.nhs.uk/tests-and-treatments/physiotherapy/');
    expect(await link.getAttribute('target')).toBeNull();
    expect(await page.getByText('Please enter at least 3 characters').count()).toBe(0);
    expect(await axeViolations(page), 'self-help results').toEqual([]);

    await box.fill('zzzqqq');
    await clickButton(page, 'Open');
    await page.getByText('Please try a different search term.').waitFor();
    expect(await cspViolations()).toEqual([]);
  });
});
