// The patient app shell in Chromium against the real server: routes,
// redirects, feature gating, home with services on and off, notices, safety screens, the
// error signpost messages, the footer, and axe + CSP on every screen at two widths.
//
// Most settings variations are applied per page with Playwright's page.route over the real
// server's answers (the real response is fetched and patched); the last block drives the real
// practice switches (setControls) and resets the practice after each test.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, openPage, type TestPage } from './harness';
import { useBrowser } from './use-browser';
import { resetPractice, setControls } from './practice-controls';

const browser = useBrowser();

type Json = Record<string, unknown>;
type Patches = Partial<Record<'shared' | 'operationalState' | 'notices' | 'adminForms' | 'patientApp' | 'loggedIn', (body: Json) => unknown>>;
const PATCH_URLS: Record<keyof Patches, string> = {
  shared: '/api/v1/settings/shared',
  operationalState: '/api/v1/settings/operational-state',
  notices: '/api/v1/triage/practice-notice/published-enabled',
  adminForms: '/api/v1/settings/admin-forms',
  patientApp: '/api/v1/settings/patient-app',
  loggedIn: '/nhs-login/is-logged-in',
};

/**
 * The page as the client-only one: the server draws each page with its own settings and sends
 * them in the page's data block (server/appPage.ts), so a test that changes the settings answers
 * puts index.html's root back in place of the drawn block and the data block; the app then asks for its settings and draws the
 * page itself. Only GET pages answered 200 are changed (a sign-out POST and its redirect go as they are).
 */
async function clientOnlyPages(page: Page): Promise<void> {
  // The root as index.html has it ("Initialising" until the app's first render).
  const index = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const indexRoot = index.slice(index.indexOf('<div id="root">'), index.indexOf('<!--/app-root-->'));
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document' || request.method() !== 'GET') return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    if (response.status() !== 200 || !(response.headers()['content-type'] ?? '').includes('text/html')) return route.fallback();
    const html = await response.text();
    const clientOnly = html.replace(/<div id="root">[\s\S]*?<script type="application\/json" id="app-data">[\s\S]*?<\/script>/, () => indexRoot);
    await route.fulfill({ response, body: clientOnly });
  });
}

/** Patches settings answers of the real server for this page only (the page taken client-only). */
async function patchSettings(page: Page, patches: Patches): Promise<void> {
  if (Object.keys(patches).length > 0) await clientOnlyPages(page);
  for (const [key, patch] of Object.entries(patches) as [keyof Patches, (body: Json) => unknown][]) {
    await page.route(`**${PATCH_URLS[key]}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json().catch(() => ({}))) as Json;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(patch(body)) });
    });
  }
}

const sharedWith =
  (featureSets: string[], extra: Json = {}) =>
  (body: Json) => ({
    ...body,
    featureSets,
    enableChildRequests: false,
    nhsLogin: { enabled: false },
    ...extra,
  });
const notLoggedIn: Patches = { shared: sharedWith(['SMART_TRIAGE', 'SMART_DIRECT_BOOKING']) };

async function open(options: { width?: number; patches?: Patches; path: string }): Promise<TestPage> {
  const tp = await openPage(browser, options.width ? { viewport: { width: options.width, height: 800 } } : {});
  await patchSettings(tp.page, options.patches ?? notLoggedIn);
  const pending = new Set<string>();
  tp.page.on('request', (r) => pending.add(r.url()));
  tp.page.on('requestfinished', (r) => pending.delete(r.url()));
  tp.page.on('requestfailed', (r) => pending.delete(r.url()));
  await tp.page.goto(options.path);
  try {
    await tp.page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 45_000 });
  } catch (error) {
    const body = await tp.page
      .locator('body')
      .innerText()
      .catch(() => '?');
    throw new Error(`No h1 at ${tp.page.url()}; body: ${body.slice(0, 200)}; errors: ${tp.errors.join(' | ')}; pending: ${[...pending].join(', ')}`, {
      cause: error,
    });
  }
  return tp;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('home', () => {
  it('shows the welcome, the category cards and the urgent-care warning', async () => {
    const { page, errors } = await open({ path: '/' });
    expect(await page.title()).toBe('Your GP practice - Online services');
    expect(await h1(page)).toContain('Welcome to Riverside Medical Practice online services');
    expect(await page.getByTestId('category-medical').textContent()).toContain('Adult medical request (16+)');
    expect(await page.getByTestId('category-admin').textContent()).toContain('Questions and admin (16+)');
    expect(await page.getByTestId('category-self-help').textContent()).toContain('Self-help information (16+)');
    expect(await page.getByTestId('category-child').count()).toBe(0);
    expect(await page.getByTestId('service-off-status').count()).toBe(0);
    expect(await page.getByTestId('urgent-warning').textContent()).toContain('Do not use for urgent queries – call the practice or 111.');
    expect(await page.getByRole('link', { name: 'Adult medical request (16+)' }).getAttribute('href')).toBe('/emergency-symptoms?next=/triage');
    expect(await page.getByRole('link', { name: 'Questions and admin (16+)' }).getAttribute('href')).toBe('/emergency-symptoms?next=/admin-request');
    expect(await page.getByRole('link', { name: 'Self-help information (16+)' }).getAttribute('href')).toBe('/emergency-symptoms?next=/self-help');
    await page.screenshot({ path: path.join(os.tmpdir(), 'gp-e2e-home.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('shows the child card only when child requests are on, linking straight to the child request', async () => {
    const { page } = await open({ path: '/', patches: { shared: sharedWith(['SMART_TRIAGE'], { enableChildRequests: true }) } });
    expect(await page.getByRole('link', { name: 'Child request (under 16s)' }).getAttribute('href')).toBe('/child-request');
  });

  it('hides the admin card when no admin form is enabled for the patient', async () => {
    const { page } = await open({ path: '/', patches: { ...notLoggedIn, adminForms: (b) => ({ ...b, patientEnabledForms: [] }) } });
    expect(await page.getByTestId('category-medical').count()).toBe(1);
    expect(await page.getByTestId('category-admin').count()).toBe(0);
  });

  const states = {
    on: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
    off: { operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' },
    outOfHours: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'OUT_OF_HOURS' },
  };
  it.each([
    ['medical off', states.off, states.on, true, false],
    ['medical out of hours', states.outOfHours, states.on, true, false],
    ['admin off', states.on, states.off, false, true],
    ['admin out of hours', states.on, states.outOfHours, false, true],
    ['both off', states.off, states.outOfHours, true, true],
  ])('%s: that card is disabled with the service-off message', async (_name, medical, admin, medicalOff, adminOff) => {
    const { page, cspViolations } = await open({ path: '/', patches: { ...notLoggedIn, operationalState: () => ({ medical, admin }) } });
    const offMessage = 'Service off. Call 111 or use 111 online. In an emergency, call 999.';
    expect(await page.getByTestId('service-off-status').textContent()).toContain(offMessage);
    expect(await page.getByTestId('category-medical-off').count()).toBe(medicalOff ? 1 : 0);
    expect(await page.getByTestId('category-admin-off').count()).toBe(adminOff ? 1 : 0);
    expect(await page.getByRole('link', { name: 'Adult medical request (16+)' }).count()).toBe(medicalOff ? 0 : 1);
    expect(await page.getByRole('link', { name: 'Questions and admin (16+)' }).count()).toBe(adminOff ? 0 : 1);
    expect(await page.getByRole('link', { name: 'Self-help information (16+)' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  it('keeps the home query parameters for the session in sessionStorage, never localStorage', async () => {
    const { page } = await open({ path: '/?type=sms&channel=web&appointmentType=Same_day_appointment' });
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('gp.entryParams')))
      .toBe(JSON.stringify({ appointmentType: 'Same_day_appointment', type: 'sms', channel: 'web' }));
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

describe('practice notices', () => {
  it('opens an accessible modal that says when there are no notices, closes with Escape and returns focus', async () => {
    const { page, cspViolations } = await open({ path: '/', patches: { ...notLoggedIn, notices: () => [] } });
    const button = page.getByRole('button', { name: 'Practice notices' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Practice notices' });
    await dialog.waitFor();
    // The notices load with their sanitiser when opened (a chunk of their own).
    await dialog.getByText('Your practice has updated its notices and there are none to display for now.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await button.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await cspViolations()).toEqual([]);
  });

  it('shows practice HTML sanitised: no script runs, no dialog, no on* attribute, no javascript: URL', async () => {
    const malicious =
      '<p onclick="window.__pwned=1">Flu jabs <strong>now open</strong></p>' +
      '<script>window.__pwned=2</script><img src="x" onerror="window.__pwned=3">' +
      '<a href="javascript:window.__pwned=4">book</a><svg onload="alert(5)"></svg>' +
      '<iframe src="javascript:alert(6)"></iframe><div style="color:red" onmouseover="alert(7)">styled</div>';
    const { page, cspViolations } = await open({
      path: '/',
      patches: { ...notLoggedIn, notices: () => [{ id: 'evil', title: 'Flu clinic', content: malicious }] },
    });
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Practice notices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Practice notices' });
    await dialog.waitFor();
    await dialog.getByText('Flu jabs').waitFor();
    expect(await dialog.textContent()).toContain('Flu jabs now open');
    const found = await dialog.evaluate((el) => ({
      scripts: el.querySelectorAll('script, iframe, svg, img').length,
      onAttributes: [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
      jsLinks: [...el.querySelectorAll('a')].filter((a) => /javascript:/i.test(a.getAttribute('href') ?? '')).length,
      styles: el.querySelectorAll('[style]').length,
    }));
    expect(found).toEqual({ scripts: 0, onAttributes: [], jsLinks: 0, styles: 0 });
    await dialog.getByText('Flu jabs').click();
    await dialog.getByText('styled').hover();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
    expect(await cspViolations()).toEqual([]);
  });
});

describe('redirects and the 404 page', () => {
  it.each([
    ['/s/b?lid=abc-123', '/self-booking?lid=abc-123'],
    // A real (cancelled) demo link: an unknown one goes on to the invalid-link signpost once the practice answers.
    ['/a/d?lid=9758618c-671d-4960-bdab-337f58e26893', '/appointment/details?lid=9758618c-671d-4960-bdab-337f58e26893'],
    ['/d/b?lid=abc-123', '/direct-booking?lid=abc-123'],
    ['/e/b', '/eligibility/booking'],
    ['/public/client/patient/', '/'],
    ['/public/client/patient/?channel=web', '/?channel=web'],
  ])('%s goes to %s', async (from, to) => {
    const { page } = await open({ path: from });
    await expect.poll(() => pathOf(page)).toBe(to);
  });

  it('does not follow /d/b and /e/b when direct booking and eligibility are off', async () => {
    for (const from of ['/d/b?lid=abc', '/e/b']) {
      const { page } = await open({ path: from, patches: { shared: sharedWith(['SMART_TRIAGE']) } });
      expect(await h1(page)).toBe("We can't find the page you're looking for");
      expect(pathOf(page)).toBe(from);
    }
  });

  it('turns a hash route into a navigation', async () => {
    const { page } = await open({ path: '/#/error?mid=PATIENT_ACTION_LINK_EXPIRED' });
    await expect.poll(() => pathOf(page)).toBe('/error?mid=PATIENT_ACTION_LINK_EXPIRED');
    await expect.poll(() => h1(page)).toBe('This link has expired');
  });

  it('/triage/results is a route, not the 404 page: with no finished questionnaire it bounces to the start', async () => {
    const { page } = await open({ path: '/triage/results' });
    // The emergency check first (a triage route), then the start of the medical request.
    await expect.poll(() => h1(page)).toBe('Call 999 for help if you have any of these');
    await page.getByRole('button', { name: 'I have none of these' }).click();
    await expect.poll(() => pathOf(page)).toBe('/triage');
    expect(await h1(page)).not.toBe("We can't find the page you're looking for");
  });

  it('shows the 404 page for unknown paths, with code 404, the practice phone and the practice home page', async () => {
    const { page, cspViolations } = await open({ path: '/no/such/page' });
    expect(await h1(page)).toBe("We can't find the page you're looking for");
    expect(await page.title()).toBe('Your GP practice - Page not found');
    expect(await page.getByTestId('error-code').textContent()).toContain('404');
    expect(await page.locator('main').textContent()).toContain('0113 496 0000');
    expect(await page.getByRole('link', { name: 'Go to the practice home page' }).getAttribute('href')).toBe('https://riverside-practice.example');
    expect(await cspViolations()).toEqual([]);
  });
});

describe('feature gating', () => {
  it('link-generator-only: home shows a short statement, triage screens are 404, always-accessible screens work', async () => {
    const patches = { shared: sharedWith(['PATIENT_DIRECT_BOOKING'], { enableChildRequests: true }) };
    const home = await open({ path: '/', patches });
    expect(await home.page.getByTestId('link-only-statement').textContent()).toContain('only available through a link');
    expect(await home.page.getByTestId('category-medical').count()).toBe(0);
    expect(await home.page.getByRole('button', { name: 'Practice notices' }).count()).toBe(0);
    for (const path of ['/emergency-symptoms', '/triage/service-closed', '/triage/emergency-signpost']) {
      const { page } = await open({ path, patches });
      expect(await h1(page)).toBe("We can't find the page you're looking for");
    }
    expect(await h1((await open({ path: '/error?mid=EXCEED_MAX_PATIENTS', patches })).page)).toBe('This link has reached its limit');
    expect(await h1((await open({ path: '/appointment/not-accessible', patches })).page)).toBe('There is a problem with this link');
  });

  it('eligibility without triage: emergency screens work, triage-only screens are 404', async () => {
    const patches = { shared: sharedWith(['SMART_DIRECT_BOOKING']) };
    expect(await h1((await open({ path: '/emergency-symptoms', patches })).page)).toBe('Call 999 for help if you have any of these');
    expect(await h1((await open({ path: '/triage/service-closed', patches })).page)).toBe("We can't find the page you're looking for");
  });

  it('practice suite opens triage screens', async () => {
    const patches = { shared: sharedWith(['SMART_PRACTICE_SUITE']) };
    expect(await h1((await open({ path: '/triage/service-closed', patches })).page)).toBe('Service unavailable');
  });
});

describe('safety screens', () => {
  it('emergency symptoms: the list, the 999 help text, continue to next, cancel home', async () => {
    const { page } = await open({ path: '/emergency-symptoms?next=/triage' });
    expect(await page.title()).toBe('Your GP practice - Emergency symptoms');
    expect(await page.getByTestId('emergency-symptom-list').locator('li').count()).toBeGreaterThanOrEqual(5);
    await page.getByText('What 999 may ask you').click();
    expect(await page.getByText('where you are, so help can reach you').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'I have none of these' }).click();
    await expect.poll(() => pathOf(page)).toBe('/triage');
    await page.goto('/emergency-symptoms?next=/triage');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
  });

  it('emergency symptoms: goes home when next is missing or leaves the site', async () => {
    for (const path of ['/emergency-symptoms', '/emergency-symptoms?next=https://evil.example/', '/emergency-symptoms?next=//evil.example/']) {
      const { page } = await open({ path });
      await page.getByRole('button', { name: 'I have none of these' }).click();
      await expect.poll(() => page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    }
  });

  it('service closed: the spec texts and the A&E questions (where the 412 handler navigates)', async () => {
    const { page } = await open({ path: '/triage/service-closed' });
    expect(await h1(page)).toBe('Service unavailable');
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('We are sorry, the service is now closed and we can’t complete your request.');
    expect(main).toContain('Service off. Call 111 or use 111 online. In an emergency, call 999.');
    expect(await page.getByTestId('ae-questions').locator('li').count()).toBeGreaterThan(2);
    // Every number the page asks the patient to call is a tel: link, the words unchanged.
    const tels = await page.locator('main a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(tels)).toEqual(new Set(['tel:111', 'tel:999', 'tel:18000', 'tel:18001111']));
  });

  it('emergency signpost: 999, 111 and text relay; the triage variant warns the GP gets no answers', async () => {
    const plain = await open({ path: '/triage/emergency-signpost' });
    const text = (await plain.page.locator('main').textContent()) ?? '';
    expect(text).toContain('18000');
    expect(text).toContain('18001 111');
    const tels = await plain.page.locator('main a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(tels)).toEqual(new Set(['tel:999', 'tel:111', 'tel:18000', 'tel:18001111']));
    // The warning on every page links its numbers too.
    expect(await plain.page.getByTestId('urgent-warning').locator('a[href="tel:999"]').count()).toBe(1);
    expect(await plain.page.getByTestId('triage-variant-warning').count()).toBe(0);
    const triage = await open({ path: '/triage/emergency-signpost?variant=triage' });
    expect(await triage.page.getByTestId('triage-variant-warning').textContent()).toContain('will not receive the answers');
  });
});

describe('error signpost', () => {
  it.each([
    ['ACTION_TYPE_AND_LINKUUID_MISMATCH', 'This link is invalid'],
    ['PATIENT_ACTION_LINK_INVALID', 'This link is invalid'],
    ['PATIENT_ACTION_LINK_EXPIRED', 'This link has expired'],
    ['EXCEED_MAX_PER_PATIENT', 'This link can no longer be used'],
    ['EXCEED_MAX_PATIENTS', 'This link has reached its limit'],
    ['SOMETHING_ELSE', 'Something went wrong'],
  ])('mid %s: %s', async (mid, heading) => {
    const { page } = await open({ path: `/error?mid=${mid}` });
    expect(await h1(page)).toBe(heading);
    if (mid === 'SOMETHING_ELSE') expect(await page.locator('main').textContent()).toContain('0113 496 0000');
  });

  it('eid unauthorised: You are logged out, with Start again to home', async () => {
    const { page } = await open({ path: '/error?eid=unauthorised' });
    expect(await h1(page)).toBe('You are logged out');
    await page.getByRole('link', { name: 'Start again' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
  });

  it('eid possible appointment: check email, cancel duplicates, start again', async () => {
    const { page } = await open({ path: '/error?eid=possible-appointment' });
    expect(await h1(page)).toBe('You may have an appointment but need to check');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Check your email');
    expect(text).toContain('cancel');
    expect(await page.getByRole('link', { name: 'Start again' }).count()).toBe(1);
  });

  it('any other eid, or none: Something went wrong', async () => {
    expect(await h1((await open({ path: '/error?eid=other' })).page)).toBe('Something went wrong');
    expect(await h1((await open({ path: '/error' })).page)).toBe('Something went wrong');
  });
});

describe('app shell', () => {
  it('shows "Initialising" until the settings have answered', async () => {
    const tp = await openPage(browser);
    await clientOnlyPages(tp.page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await tp.page.route('**/api/v1/settings/shared', async (route) => {
      await held;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } }),
      });
    });
    await tp.page.goto('/');
    const status = tp.page.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toBe('Initialising');
    expect(await tp.page.getByRole('heading', { level: 1 }).count()).toBe(0);
    release();
    await tp.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await tp.page.getByText('Initialising').count()).toBe(0);
  });

  it('still works when a settings call fails', async () => {
    const tp = await openPage(browser);
    await tp.page.route('**/api/v1/settings/patient-app', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await patchSettings(tp.page, notLoggedIn);
    await tp.page.goto('/');
    await tp.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await h1(tp.page)).toContain('Riverside Medical Practice');
    expect(await tp.page.getByTestId('powered-by').count()).toBe(0);
  });

  it('footer: Powered by link and the medical device information modal', async () => {
    const { page, cspViolations } = await open({ path: '/' });
    const powered = page.getByTestId('powered-by');
    expect(await powered.textContent()).toContain('Powered by');
    expect(await powered.getAttribute('href')).toBe('https://health-software.example');
    await page.getByRole('button', { name: 'Medical device information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Medical device information' });
    await dialog.waitFor();
    // The details load when the modal opens ("Preparing information" meanwhile).
    await dialog.getByText('Intended purpose').waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const label of ['Version', 'Date of manufacture', 'Manufacturer', 'Intended purpose']) expect(text).toContain(label);
    expect(text).toContain('0.1.0');
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  it('shows the account menu to a logged-in patient; Logout signs out through /signout and lands on /logged-out', async () => {
    const { page } = await open({
      path: '/error',
      patches: { shared: sharedWith(['SMART_TRIAGE'], { nhsLogin: { enabled: true } }), loggedIn: () => true },
    });
    await page.getByRole('button', { name: 'My NHS login account' }).click();
    const dialog = page.getByRole('dialog', { name: 'My NHS login account' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const signout = page.waitForRequest((r) => new URL(r.url()).pathname === '/signout');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    const request = await signout;
    // A same-site POST (a cross-site GET /signout no longer signs anyone out).
    expect(request.method()).toBe('POST');
    const url = new URL(request.url());
    expect(url.searchParams.get('targetPath')).toBe('/logged-out');
    expect(url.searchParams.get('tenantId')).toBe('riverside');
    await page.waitForURL((u) => u.pathname === '/logged-out');
  });

  it('shows no account menu to an anonymous patient', async () => {
    const { page } = await open({ path: '/' });
    expect(await page.getByRole('button', { name: 'My NHS login account' }).count()).toBe(0);
  });
});

describe('accessibility and CSP on every screen of the shell', () => {
  const screens = [
    '/',
    '/emergency-symptoms?next=/triage',
    '/triage/service-closed',
    '/triage/emergency-signpost?variant=triage',
    '/error?mid=PATIENT_ACTION_LINK_EXPIRED',
    '/error?eid=unauthorised',
    '/error?eid=possible-appointment',
    '/error',
    '/appointment/not-accessible',
    '/no/such/page',
  ];
  for (const width of [1024, 320]) {
    it.each(screens)(`%s at ${width}px: zero axe and CSP violations, a titled page`, async (path) => {
      const { page, cspViolations, errors } = await open({ path, width });
      expect(await page.title()).toMatch(/^Your GP practice - \S/);
      expect(await axeViolations(page)).toEqual([]);
      expect(await cspViolations()).toEqual([]);
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  }
});

describe('with the real practice switches', () => {
  afterEach(async () => {
    await resetPractice();
  });

  it('medical switched off and admin out of hours: both cards disabled, self-help still offered', async () => {
    await setControls({ operationalState: { medical: { operationalStatus: 'SERVICE_OFF' }, admin: { practiceCalendar: 'OUT_OF_HOURS' } } });
    const { page } = await open({ path: '/', patches: {} });
    expect(await page.getByTestId('category-medical-off').count()).toBe(1);
    expect(await page.getByTestId('category-admin-off').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Self-help information (16+)' }).count()).toBe(1);
  });

  it('admin off alone leaves the medical card open', async () => {
    await setControls({ operationalState: { admin: { operationalStatus: 'SERVICE_OFF' } } });
    const { page } = await open({ path: '/', patches: {} });
    expect(await page.getByRole('link', { name: 'Adult medical request (16+)' }).count()).toBe(1);
    expect(await page.getByTestId('category-admin-off').count()).toBe(1);
  });

  it('link-generator-only practice: home statement, 404 for triage screens', async () => {
    await setControls({ featureSets: ['PATIENT_DIRECT_BOOKING'] });
    const home = await open({ path: '/', patches: {} });
    expect(await home.page.getByTestId('link-only-statement').count()).toBe(1);
    const closed = await open({ path: '/emergency-symptoms', patches: {} });
    expect(await h1(closed.page)).toBe("We can't find the page you're looking for");
  });

  it('child card follows the practice switch', async () => {
    await setControls({ enableChildRequests: true, nhsLoginEnabled: false });
    expect(await (await open({ path: '/', patches: {} })).page.getByTestId('category-child').count()).toBe(1);
    await setControls({ enableChildRequests: false });
    expect(await (await open({ path: '/', patches: {} })).page.getByTestId('category-child').count()).toBe(0);
  });

  it('stored notices with malicious HTML: nothing runs, no CSP report, formatting kept', async () => {
    await setControls({
      notices: [
        { id: 'evil', title: 'Surgery news', content: '<p>Open <em>late</em></p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' },
      ],
    });
    const { page, cspViolations } = await open({ path: '/', patches: {} });
    await page.getByRole('button', { name: 'Practice notices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Practice notices' });
    await dialog.waitFor();
    expect(await dialog.locator('em').textContent()).toBe('late');
    expect(await dialog.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await cspViolations()).toEqual([]);
  });
});
