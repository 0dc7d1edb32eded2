// Server-rendered first screens (docs/architecture.md "Server-rendered first screens"): the page
// arrives as HTML a browser without JavaScript can read (the h1, the urgent-care warning with its
// numbers as links, the practice's name), and the app hydrates on top of it without asking again
// for the settings the page carries, with zero axe and CSP violations and no hydration errors.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseURL, chunkHolding, openPage } from './harness';
import { startPathway } from './triage-steps';
import { useBrowser } from './use-browser';

const browser = useBrowser();

/** The first screens drawn on the server, with the h1 each shows. */
const FIRST_SCREENS: Array<{ path: string; h1: RegExp }> = [
  { path: '/', h1: /Riverside Medical Practice online services/ },
  { path: '/emergency-symptoms', h1: /Call 999/ },
  { path: '/admin-request', h1: /^I need admin help$/ },
  // The first step of every form and questionnaire: the patient's details, starting with the NHS login choice.
  { path: '/admin-request/patient-details?request=OTHER_ENQUIRY', h1: /^Do you want to use NHS login\?$/ },
  { path: '/triage', h1: /^What do you need help with\?$/ },
  { path: '/triage/emergency-signpost', h1: /^Get help now$/ },
];

/** The calls the page carries the answers to (src/api/settings.ts SETTINGS_PATHS, the login check). */
const isStartCall = (url: string) => /\/api\/v1\/settings\/|\/api\/v1\/triage\/practice-notice\/|\/nhs-login\/is-logged-in/.test(new URL(url).pathname);

describe('first screens drawn on the server', () => {
  it('show the h1, the urgent-care warning with its numbers linked and the practice name with JavaScript off', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const { path, h1 } of FIRST_SCREENS) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // The CSP is as strict as ever: no inline script allowed.
        expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self';");
        const headings = page.getByRole('heading', { level: 1 });
        expect(await headings.count(), path).toBe(1);
        expect(await headings.textContent(), path).toMatch(h1);
        const warning = page.getByTestId('urgent-warning');
        expect(await warning.textContent(), path).toContain('Do not use for urgent queries – call the practice or 111.');
        for (const number of ['111', '999']) expect(await warning.locator(`a[href="tel:${number}"]`).count(), `${path} ${number}`).toBe(1);
        expect(await page.locator('header.nhsuk-header').textContent(), path).toContain('Riverside Medical Practice');
      }
    } finally {
      await context.close();
    }
  });

  it('hydrate without asking for the settings the page carries, with no hydration error, axe or CSP violation', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    let startCalls: string[] = [];
    let documents: string[] = [];
    page.on('request', (request: Request) => {
      if (isStartCall(request.url())) startCalls.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    // React marks each element it has hydrated (claimed) with its fiber: the h1 has one once the app is live on the server's HTML.
    const hydrated = () => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')));

    await page.goto('/');
    await expect.poll(hydrated).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual(['/']);
    expect(startCalls).toEqual([]);
    // Live: its links navigate in the page (no new document).
    await page.getByRole('link', { name: /Questions and admin/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Call 999 for help if you have any of these' }).waitFor();
    await page.getByRole('button', { name: 'I have none of these', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'I need admin help' }).waitFor();
    expect(documents).toEqual(['/']);
    expect(await axeViolations(page)).toEqual([]);

    // A reload of a journey's page hydrates its own HTML the same way (the emergency check passed stays passed).
    startCalls = [];
    documents = [];
    await page.reload();
    await expect.poll(hydrated).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('I need admin help');
    expect(documents).toEqual(['/admin-request']);
    expect(startCalls).toEqual([]);
    await page.getByRole('button', { name: /Other enquiry/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Do you want to use NHS login?' }).waitFor();
    expect(documents).toEqual(['/admin-request']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the home page leaves the pathway list out; the search gets it once when the patient goes there, and a return visit takes it from the cache', async () => {
    const { page, cspViolations, errors } = await openPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // What the browser asked for, and which of those it took from its own cache.
    const asked = new Map<string, string>();
    const documentIds = new Set<string>();
    const fromCache = new Set<string>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; type?: string; request: { url: string } }) => {
      asked.set(e.requestId, new URL(e.request.url).pathname);
      if (e.type === 'Document') documentIds.add(e.requestId);
    });
    cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => fromCache.add(e.requestId));
    cdp.on('Network.responseReceived', (e: { requestId: string; response: { fromDiskCache?: boolean; fromMemoryCache?: boolean } }) => {
      if (e.response.fromDiskCache === true || e.response.fromMemoryCache === true) fromCache.add(e.requestId);
    });
    const calls = (match: (path: string) => boolean) => [...asked].filter(([, path]) => match(path));
    const appData = () => calls((path) => path.startsWith('/app-data/'));
    const startCalls = () => calls((path) => isStartCall(`http://x${path}`));
    const documents = () => [...asked].filter(([id]) => documentIds.has(id)).map(([, path]) => path);
    const search = async () => {
      await page.getByRole('searchbox').fill('sore throat');
      await page.getByRole('searchbox').press('Enter');
      await page.getByTestId('search-results').getByRole('link', { name: 'Sore throat', exact: true }).waitFor();
    };

    // As above: the app is live on the server's HTML once the h1 has its fiber (a click before that is a plain link's new document).
    const hydrated = () => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')));
    const home = await page.goto('/');
    await expect.poll(hydrated).toBe(true);
    const homeHtml = (await home?.text()) ?? '';
    expect(homeHtml).toContain('id="app-data"');
    expect(homeHtml).not.toContain('"triageMapping"');
    expect(homeHtml).not.toContain('"childGuidelines"');
    await page.waitForLoadState('networkidle');
    expect(appData()).toEqual([]);
    // Client-side, home -> emergency check -> search: the list comes once, in the file the home page named.
    await page.getByRole('link', { name: /Adult medical request/ }).click();
    await page.getByRole('button', { name: 'I have none of these', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'What do you need help with?' }).waitFor();
    await search();
    await page.waitForLoadState('networkidle');
    expect(documents()).toEqual(['/']);
    expect(appData()).toHaveLength(1);
    expect(startCalls()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // A return visit (a new page load, the same settings, the journey over): the file comes from the browser's cache.
    await page.evaluate(() => Object.keys(sessionStorage).forEach((key) => key === '__cspViolations' || sessionStorage.removeItem(key)));
    asked.clear();
    await page.goto('/');
    await expect.poll(hydrated).toBe(true);
    await page.getByRole('link', { name: /Adult medical request/ }).click();
    await page.getByRole('button', { name: 'I have none of these', exact: true }).click();
    await search();
    expect(appData()).toHaveLength(1);
    expect(fromCache.has(appData()[0]![0])).toBe(true);

    // The search page's own HTML carries the list: reloaded, it asks for nothing.
    asked.clear();
    const reloaded = await page.reload();
    expect((await reloaded?.text()) ?? '').toContain('"triageMapping"');
    await search();
    await page.waitForLoadState('networkidle');
    expect(appData()).toEqual([]);
    expect(startCalls()).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("keep the server's HTML of a screen whose code comes late, and hydrate it with no layout shift", async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __h1Lost: boolean };
      w.__shift = 0;
      w.__h1Lost = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The server's h1 taken off the page at any point (a spinner drawn in its place, say).
      document.addEventListener('DOMContentLoaded', () => {
        const h1 = document.querySelector('#maincontent h1');
        new MutationObserver(() => {
          if (h1 && !h1.isConnected) w.__h1Lost = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    // Past the emergency check at full speed, then the admin menu reloaded with its screen's code held back.
    await page.goto('/emergency-symptoms?next=%2Fadmin-request');
    await page.getByRole('button', { name: 'I have none of these', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'I need admin help' }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = () => undefined as void;
    const screenAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(`**${chunkHolding('src/flows/admin/AdminMenuPage.tsx')}`, async (route) => {
      asked();
      await released;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await screenAsked;
    // The app's entry has run and asked for the screen's code, which is held: the server's page stands as drawn, not yet hydrated.
    const state = () =>
      page.evaluate(() => ({
        h1: document.querySelector('#maincontent h1')?.textContent,
        hydrated: Object.keys(document.querySelector('footer') ?? {}).some((key) => key.startsWith('__reactFiber$')),
        lost: (window as unknown as { __h1Lost: boolean }).__h1Lost,
      }));
    expect(await state()).toEqual({ h1: 'I need admin help', hydrated: false, lost: false });
    release();
    await expect.poll(async () => (await state()).hydrated).toBe(true);
    await page.getByRole('button', { name: /Other enquiry/ }).waitFor();
    expect(await state()).toEqual({ h1: 'I need admin help', hydrated: true, lost: false });
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
    // The footer starts below the first screen (src/shell/frame.css), so a step drawn late, after
    // a spinner, grows the page below the fold instead of moving a footer the patient sees.
    const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top + window.scrollY);
    expect(footerTop).toBeGreaterThanOrEqual(823);
    expect(errors).toEqual([]);
  });

  it('a deep link into a journey still meets the emergency symptoms screen first once the page is live', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto('/admin-request');
    await page.getByRole('heading', { level: 1, name: 'Call 999 for help if you have any of these' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/emergency-symptoms');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin-request');
    expect(errors).toEqual([]);
  });

  it("a questionnaire's section reloaded: in the HTML for its own browser only, hydrated with the tab's drafts, no engine call, no shift", async () => {
    const { page, cspViolations, errors } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    await startPathway(page, 'sore throat', 'Sore throat');
    // The address names the execution as well as the section, so the server can read it.
    await page.waitForURL((url) => url.searchParams.get('execution') !== null && url.searchParams.get('section') !== null);
    const address = page.url();
    // Answers typed, not sent: kept in the tab (sessionStorage), which the server never sees.
    await page.locator('#field-ltSigns-none').check();
    await page.locator('#field-ltPregnancy-2').check();

    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const engineCalls: string[] = [];
    page.on('request', (request: Request) => {
      const url = decodeURIComponent(request.url());
      if (url.includes('/GuidelineExecution/') || url.includes('/$start')) engineCalls.push(`${request.method()} ${url}`);
    });
    const reloaded = await page.reload();
    const html = (await reloaded?.text()) ?? '';
    // The section's questions are in the HTML before any script runs, and the data block carries the execution.
    expect(html).toContain('name="field-ltSigns"');
    expect(html).toContain('"#questionnaire"');
    expect(reloaded?.headers()['cache-control']).toBe('no-store');
    const hydrated = () => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber$')));
    await expect.poll(hydrated).toBe(true);
    // The tab's drafts fill the fields once it is live.
    await expect.poll(() => page.locator('#field-ltSigns-none').isChecked()).toBe(true);
    await expect.poll(() => page.locator('#field-ltPregnancy-2').isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(engineCalls).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.05);
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    // No hydration mismatch (React's minified errors 418 and 423) or any other error.
    expect(errors).toEqual([]);

    // Without JavaScript, the same browser's cookies: the questions, the urgent-care warning and the practice's name.
    const noScript = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    // Another browser that started a questionnaire of its own (an engine key of its own), and one with no key.
    const otherBrowser = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const noKey = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    try {
      await noScript.addCookies(await page.context().cookies());
      const plain = await noScript.newPage();
      await plain.goto(address);
      expect(await plain.getByRole('group', { name: /Do you have any of these now/ }).count()).toBe(1);
      expect(await plain.getByRole('heading', { level: 1 }).count()).toBe(1);
      const warning = plain.getByTestId('urgent-warning');
      for (const number of ['111', '999']) expect(await warning.locator(`a[href="tel:${number}"]`).count(), number).toBe(1);
      expect(await plain.locator('header.nhsuk-header').textContent()).toContain('Riverside Medical Practice');

      const started = await otherBrowser.request.post(`/api/v1/engine-proxy?path=${encodeURIComponent('/Guideline/Triage.SoreThroat/$start')}`, {
        data: { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } },
      });
      expect(started.status()).toBe(201);
      expect((await otherBrowser.cookies()).map((c) => c.name)).toContain('gp_engine_key');
      for (const context of [otherBrowser, noKey]) {
        const other = await context.newPage();
        const answer = await other.goto(address);
        const text = (await answer?.text()) ?? '';
        expect(text).not.toContain('name="field-ltSigns"');
        expect(text).not.toContain('"#questionnaire"');
        expect(text).not.toContain(`"identifier":"${new URL(address).searchParams.get('execution')}"`);
        expect(await other.getByTestId('urgent-warning').count()).toBe(1);
      }
    } finally {
      await noScript.close();
      await otherBrowser.close();
      await noKey.close();
    }
  });
});
