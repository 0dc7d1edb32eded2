// The first screen's CSS inline (server/criticalCss.ts, docs/architecture.md "The first screen's CSS
// inline"): every first screen the server draws looks exactly the same from its inline rules alone
// as with the whole style sheet (full-page screenshots, byte for byte, on a phone and a desktop);
// the app switches the held-back sheet on before it draws anything, so a screen it opens later (one
// whose elements the first page did not have) is styled; and the inline <style> passes the CSP.
import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';

const browser = useBrowser();

/** The first screens drawn on the server (tests/e2e/server-rendering.e2e.test.ts lists the same). */
const FIRST_SCREENS = [
  '/',
  '/emergency-symptoms',
  '/admin-request',
  '/admin-request/patient-details?request=OTHER_ENQUIRY',
  '/triage',
  '/triage/emergency-signpost',
];

/** Every first screen on a phone; on a desktop (the sheet's wide-screen rules) the two with the most kinds of element. */
const SIZES = [
  { viewport: { width: 412, height: 823 }, paths: FIRST_SCREENS },
  { viewport: { width: 1024, height: 768 }, paths: ['/', '/admin-request/patient-details?request=OTHER_ENQUIRY'] },
];

describe("a drawn page's inline CSS", () => {
  it('draws every first screen exactly as the whole style sheet does, on a phone (and two on a desktop)', async () => {
    for (const { viewport, paths } of SIZES) {
      // Without scripts the page applies the sheet through its <noscript> copy: once as sent, once with the sheet refused.
      const whole = await browser.newContext({ baseURL: baseURL(), viewport, javaScriptEnabled: false });
      const inlineOnly = await browser.newContext({ baseURL: baseURL(), viewport, javaScriptEnabled: false });
      let refused = 0;
      await inlineOnly.route(/\/assets\/style-[^/]*\.css$/, (route) => (refused++, route.abort()));
      try {
        const [withSheet, withoutSheet] = [await whole.newPage(), await inlineOnly.newPage()];
        for (const path of paths) {
          const where = `${path} at ${viewport.width}px`;
          const response = await withoutSheet.goto(path);
          expect(response?.status(), where).toBe(200);
          await withSheet.goto(path);
          // Not a page that simply had no inline rules: it has one inline sheet, the whole sheet was asked
          // for and refused, and the inline rules style the header.
          const inlineRules = await withoutSheet.evaluate(() => [...document.styleSheets].filter((sheet) => !sheet.href).map((sheet) => sheet.cssRules.length));
          expect(inlineRules, where).toHaveLength(1);
          expect(inlineRules[0], where).toBeGreaterThan(100);
          expect(refused, where).toBeGreaterThan(0);
          refused = 0;
          expect(await withoutSheet.evaluate(() => getComputedStyle(document.querySelector('header.nhsuk-header')!).backgroundColor), where).toBe(
            'rgb(0, 94, 184)',
          );
          const [a, b] = [await withSheet.screenshot({ fullPage: true }), await withoutSheet.screenshot({ fullPage: true })];
          expect(a.equals(b), `${where}: the inline rules alone draw the page differently from the whole sheet`).toBe(true);
        }
      } finally {
        await whole.close();
        await inlineOnly.close();
      }
    }
  });

  it('lets the app switch the whole sheet on before it draws, so the next screen is styled, with no CSP violation', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    // React marks each element it has hydrated with its fiber: the app is live on the server's HTML.
    const hydrated = () => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')));
    await expect.poll(hydrated).toBe(true);
    const sheet = await page.evaluate(() => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/style-"]');
      return {
        media: link?.media,
        held: link?.hasAttribute('data-whole-style-sheet'),
        supported: document.body.classList.contains('nhsuk-frontend-supported'),
      };
    });
    expect(sheet).toEqual({ media: 'all', held: false, supported: true });
    // The emergency check's red care card is not on the home page: its rules come from the whole sheet.
    await page.getByRole('link', { name: /Adult medical request/ }).click();
    const card = page.locator('.nhsuk-card--care--emergency .nhsuk-card__heading-container').first();
    await card.waitFor();
    expect(await card.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(213, 40, 27)');
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
