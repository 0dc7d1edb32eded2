// Staff sign-in, the 429 temporary-error modal, the font stack and what is shipped, in Chromium.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PracticeServer } from '../../server/app';
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limits';
import { AMELIA, clickButton, declineLogin, fillContact, fillDetails, passEmergencyCheck } from './admin-steps';
// @ts-expect-error -- plain ESM helper shared with npm start, no type declarations
import { E2E_BUILD } from '../../scripts/app-build.mjs';
import { root } from './form-filler';
import { axeViolations, baseURL, openPage } from './harness';
import { useBrowser } from './use-browser';
import { practiceAuthHeaders } from './practice-controls';

const DIST = path.join(root, 'dist');
const STAFF_PASSWORD = 'e2e staff password';

const browser = useBrowser();
/** A second server on the same build with the production rate limits and a known staff password. */
let strict: PracticeServer;
let strictURL: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-strict-'));
  strict = await buildServer({ dataDir, distDir: DIST, rateLimits: { ...DEFAULT_RATE_LIMITS }, staffPassword: STAFF_PASSWORD });
  strictURL = await strict.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await strict?.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('practice staff in Chromium', () => {
  it('signs in from the inbox link, reads the inbox, and signs out', async () => {
    const { page, cspViolations } = await openPage(browser);
    await page.goto(`${strictURL}/practice/inbox`);
    await page.getByRole('heading', { name: 'Practice staff sign-in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByRole('link', { name: 'Enter the staff password' }).waitFor();
    await page.getByLabel('Staff password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'The staff password is not right' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Staff password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Practice inbox' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/practice/inbox');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'gp_practice_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Practice staff sign-in' }).waitFor();
    await page.goto(`${strictURL}/practice/inbox`);
    await page.getByRole('heading', { name: 'Practice staff sign-in' }).waitFor();
    expect(await cspViolations()).toEqual([]);
  });

  it('reads back with the bearer token on the e2e server, and not without it', async () => {
    expect((await fetch(`${baseURL()}/api/v1/practice/requests`)).status).toBe(401);
    expect((await fetch(`${baseURL()}/api/v1/practice/requests`, { headers: practiceAuthHeaders() })).status).toBe(200);
  });
});

describe('rate limit on the patient check', () => {
  it('shows the temporary-error modal when the check answers 429', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${strictURL}/admin-request/form?request=REPEAT_PRESCRIPTION`);
    await passEmergencyCheck(page); // a deep link meets the emergency check first
    await declineLogin(page);
    await fillDetails(page, AMELIA);
    await clickButton(page, 'Next');
    await fillContact(page, AMELIA);
    // Use up this client's lookups (the browser and this test share 127.0.0.1).
    const body = JSON.stringify({
      patient: { firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', sexAtBirth: 'female', postCode: 'LS1 1AA', contactDetails: {} },
      flow: 'ADMIN_REQUEST',
    });
    let status = 0;
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.patientCheck && status !== 429; i++) {
      status = (await fetch(`${strictURL}/api/v1/triage/nhs/next/validate/patient`, { method: 'POST', body, headers: { 'content-type': 'application/json' } }))
        .status;
    }
    expect(status).toBe(429);
    const answered = page.waitForResponse((r) => r.url().includes('/validate/patient'));
    await clickButton(page, 'Next');
    expect((await answered).status()).toBe(429);
    const dialog = page.getByRole('dialog', { name: 'Sorry, there is a problem' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('The patient record system is not available at the moment. Please try later or call the practice.');
  });
});

describe('what is shipped', () => {
  it('the body text is set in Arial (sans-serif), not the browser default serif: screenshot in screenshots/', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family.toLowerCase()).toContain('arial');
    expect(family.toLowerCase()).toMatch(/sans-serif$/);
    const paragraph = await page
      .locator('main p')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(paragraph).toBe(family);
    mkdirSync(path.join(root, 'screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(root, 'screenshots', 'home-font.png') });
  });

  it('sends hashed assets brotli-compressed and immutable, and 404 for a missing one', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const response = await fetch(`${baseURL()}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${baseURL()}/assets/no-such-file-0000.js`)).status).toBe(404);
    expect((await fetch(`${baseURL()}${entry}.map`)).status).toBe(404);
  });

  it('ships no source maps and no validator compiler (no eval, no new Function) in any chunk', async () => {
    const assets = path.join(DIST, 'assets');
    const files = readdirSync(assets);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts) {
      const text = readFileSync(path.join(assets, file), 'utf8');
      expect(text, file).not.toMatch(/new Function\(|\bFunction\(["'`]|\beval\(/);
      expect(text, file).not.toMatch(/sourceMappingURL/);
      expect(text, file).not.toMatch(/jsx-dev-runtime|react-dom\.development/);
    }
    // The preview (and its validator) is a route of its own: nothing the home page loads contains it.
    const { page } = await openPage(browser);
    const loaded = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.add(path.basename(new URL(r.url()).pathname));
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...loaded].filter((f) => /Preview|validator|ajv/i.test(f))).toEqual([]);
    // The page came from the e2e build (global-setup serves dist-e2e/): stat every script it loaded
    // there, not in dist/, whose hashed names differ.
    expect(loaded.size).toBeGreaterThan(0);
    const served = path.join(root, (E2E_BUILD as { outDir: string }).outDir, 'assets');
    for (const file of loaded) expect(statSync(path.join(served, file)).size, file).toBeGreaterThan(0);
  });
});
