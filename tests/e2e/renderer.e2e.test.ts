// The renderer in real Chromium under the real server's strict CSP: every fixture document
// drawn by the preview page has zero axe violations pristine and after a failed Next/Send,
// no CSP violations and no console errors; and the shipped bundle generates no code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { axeViolations, openPage } from './harness';
import { useBrowser } from './use-browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = readdirSync(path.join(root, 'schemas/fixtures/forms'))
  .filter((f) => f.endsWith('.form.json'))
  .map((f) => f.replace(/\.form\.json$/, ''))
  .sort();

const browser = useBrowser();

describe('renderer fixtures in Chromium', () => {
  it('has fixtures to sweep', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(15);
  });

  it.each(FIXTURES)('%s: no axe, CSP or console problems, pristine and after a failed Next/Send', async (id) => {
    const { page, cspViolations, errors } = await openPage(browser);
    const response = await page.goto(`/_preview/${id}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.app-schema-form form').waitFor();
    await expect.poll(() => page.title()).toBe('Your GP practice - Preview');
    expect(await axeViolations(page)).toEqual([]);

    await page.locator('.app-schema-form button[type=submit]').click();
    // Either the error summary (the fixture has a required question on its first page) or
    // the preview's "Send pressed" notice (it has none).
    await page.locator('.nhsuk-error-summary, .app-schema-form [role=status]').first().waitFor();
    const summary = page.locator('.nhsuk-error-summary');
    if ((await summary.count()) > 0) {
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('nhsuk-error-summary'))).toBe(true);
      const first = summary.locator('a').first();
      const href = await first.getAttribute('href');
      await first.click();
      await expect.poll(() => page.evaluate(() => `#${document.activeElement?.id}`)).toBe(href);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps answers on screen and lists the pruned answers of a chain A → B → C', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto('/_preview/FIXTURE_MULTI_PAGE');
    await page.getByLabel('Yes').check();
    await page.getByLabel('Somewhere else').check();
    await page.getByLabel(/Describe where the pain is/).fill('Knee');
    await page.getByLabel('No').check();
    await expect.poll(() => page.getByTestId('payload').textContent()).toBe(JSON.stringify({ hasPain: false }, null, 2));
    await expect.poll(() => page.getByTestId('pruned').textContent()).toContain('painOther');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the built bundle', () => {
  it('contains no code generation (new Function, eval), so no validator compiler ships', () => {
    const dir = path.join(root, 'dist/assets');
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const offenders = files.filter((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      return /new Function\s*\(/.test(text) || /\beval\(/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
