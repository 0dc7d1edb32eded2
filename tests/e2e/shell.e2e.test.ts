import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';

const browser = useBrowser();

describe('app shell in Chromium', () => {
  it('serves the home page with the spec title format, the NHS header and the urgent-care warning', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await expect.poll(() => page.title()).toBe('Your GP practice - Online services');
    await expect.poll(() => page.locator('header.nhsuk-header').textContent()).toContain('Riverside Medical Practice');
    await expect.poll(() => page.getByTestId('urgent-warning').textContent()).toContain('Do not use for urgent queries – call the practice or 111.');
    expect(await page.locator('footer').count()).toBe(1);

    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps zero axe and CSP violations on a narrow phone screen', async () => {
    const { page, cspViolations } = await openPage(browser, { viewport: { width: 320, height: 640 } });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  it('records a CSP violation when a page breaks the policy, so the recorder can fail a test', async () => {
    const { page, cspViolations } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // An inline script added by the page itself must be blocked and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
    });
    await expect.poll(async () => (await cspViolations()).length).toBeGreaterThan(0);
    expect((await cspViolations())[0]?.directive).toBe('script-src-elem');
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });

  it('reports an axe violation when the page has one, so the axe check can fail a test', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'text';
      document.querySelector('main')?.appendChild(input);
    });
    const violations = await axeViolations(page);
    expect(violations.map((v) => v.id)).toContain('label');
  });

  it('answers the API on the same origin as the app', async () => {
    const response = await fetch(new URL('/api/v1/settings/clinic', baseURL()));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe('Riverside Medical Practice');
  });
});
