// The production build (dist/, what npm start serves) carries no /_preview page and no fixture
// documents; the e2e build (dist-e2e/, which these browser tests are served) does — so the check
// below is shown to see preview code when it is there. Both builds are made by global-setup.
// Then the home page's JavaScript budget, measured on the production build as Chromium loads it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PracticeServer } from '../../server/app';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../../server/rate-limits';
// @ts-expect-error -- plain ESM script, no type declarations
import { previewFindings } from '../../scripts/check-no-preview.mjs';
import { LOGIN_PATHS } from '../../src/api/login';
import { SETTINGS_PATHS } from '../../src/api/settings';
import { openPage } from './harness';
import { useBrowser } from './use-browser';

const root = path.resolve(import.meta.dirname, '../..');
const findings = previewFindings as (dir: string) => string[];
const DIST = path.join(root, 'dist');

/**
 * Everything the home page loads before the patient does anything, as brotli, in bytes.
 * 110 kB until the documents moved to run time: the same app code now lands in seven
 * small shared chunks (Card, api, messages, serviceStatus…) that compress worse apart, 108.2 →
 * 112.2 kB (+3.7 %, within the 5 % allowed for that move). 114 kB since 999, 111 and the text relay numbers
 * became tel: links in the warning every page shows, with the widget provider: 113.2 kB
 * measured. 114.5 kB since the page is drawn on the server and hydrated (hydrateRoot, the
 * data block's reader, swr's fallback, useHydrated in the route gate): 114.26 kB measured.
 * 113 kB since the frame's skip link moves focus itself instead of fetching NHS.UK frontend's
 * skip-link script (two chunks after the first render): 112.84 kB measured. 112 kB since home's
 * cards are the design system's markup without nhsuk-react-components' Card (its chunk, with
 * icons and actions, 1.5 kB): 111.68 kB measured. 90 kB since the app runs React Router's
 * declarative mode (src/routing/AppRouter.tsx) instead of its data router, React Router's unused
 * components are dropped (vite.config.ts reactRouterTreeShaking) and the API areas home never
 * calls left the entry: 89.77 kB measured, in four files instead of sixteen.
 */
const HOME_JS_BUDGET = 90_000;

describe('the /_preview page is development-only', () => {
  it('the production build holds no preview page, preview styles or fixture documents', () => {
    expect(findings(path.join(root, 'dist'))).toEqual([]);
  });

  it('the e2e build does hold them, so the check sees preview code when it is bundled', () => {
    const found = findings(path.join(root, 'dist-e2e'));
    expect(found.some((f) => f.includes('"app-preview"'))).toBe(true);
    expect(found.some((f) => f.includes('FIXTURE_KITCHEN_SINK'))).toBe(true);
    expect(found.some((f) => f.includes('bundles') && f.includes('src/preview/PreviewPage.tsx'))).toBe(true);
  });
});

describe('the home page on the production build', () => {
  const browser = useBrowser();
  let server: PracticeServer;
  let url: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-bundle-'));
    server = await buildServer({ dataDir, distDir: DIST, staffPassword: 'e2e bundle check', rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000') });
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens home in a fresh context and lists every request until the network is quiet (the scripts loaded after the first render included). */
  async function loadHome() {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: { type: string; pathname: string }[] = [];
    page.on('request', (r) => requests.push({ type: r.resourceType(), pathname: new URL(r.url()).pathname }));
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: /^Welcome to .+ online services$/ }).waitFor();
    await page.getByTestId('category-medical').waitFor();
    await page.waitForLoadState('networkidle');
    await context.close();
    return requests;
  }

  it(`loads at most ${HOME_JS_BUDGET / 1000} kB of JavaScript as brotli, before and after the first render`, async () => {
    const scripts = [...new Set((await loadHome()).filter((r) => r.type === 'script').map((r) => r.pathname))];
    expect(scripts.length).toBeGreaterThan(3);
    const sizes = scripts.map((pathname) => {
      const br = path.join(DIST, `${pathname}.br`);
      expect(existsSync(br), `${pathname} has a brotli twin`).toBe(true);
      return { pathname, bytes: statSync(br).size };
    });
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    // Named in the failure message, largest first, so whoever breaks the budget sees what grew.
    const detail = sizes
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `${s.pathname} ${s.bytes}`)
      .join(', ');
    expect(total, detail).toBeLessThanOrEqual(HOME_JS_BUDGET);
    // The entry is in it: a page that loaded nothing would pass the budget too.
    expect(sizes[0]!.bytes).toBeGreaterThan(50_000);
  });

  it('asks for none of the settings: the server-drawn page carries them (and its fetch preloads are gone)', async () => {
    const requests = await loadHome();
    const calls = requests.filter((r) => r.pathname.startsWith('/api/') || r.pathname.startsWith('/nhs-login/')).map((r) => r.pathname);
    expect(calls).toEqual([]);
    // With server rendering off the app asks for each once, taking index.html's preloads.
    const clientOnly = await buildServer({
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'gp-e2e-bundle-')),
      distDir: DIST,
      staffPassword: 'e2e bundle check',
      serverRendering: false,
      rateLimits: scaledRateLimits(DEFAULT_RATE_LIMITS, '1000'),
    });
    try {
      const saved = url;
      url = await clientOnly.app.listen({ port: 0, host: '127.0.0.1' });
      const again = (await loadHome()).filter((r) => r.pathname.startsWith('/api/') || r.pathname.startsWith('/nhs-login/')).map((r) => r.pathname);
      url = saved;
      // The demo practice has NHS login on, so the login check is one of them.
      expect(again.sort()).toEqual([...Object.values(SETTINGS_PATHS), LOGIN_PATHS.isLoggedIn].sort());
    } finally {
      await clientOnly.app.close();
    }
  });
});

/** Class names a style sheet's selectors name (`.nhsuk-button:hover` → nhsuk-button). */
function styledClasses(cssText: string): Set<string> {
  return new Set([...cssText.matchAll(/\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g)].map((m) => m[1]!));
}

/** The DOM's classes that the full design system styles and the page's own sheets do not. */
function unstyled(domClasses: string[], pageStyled: Set<string>, fullStyled: Set<string>): string[] {
  return [...new Set(domClasses)].filter((c) => fullStyled.has(c) && !pageStyled.has(c)).sort();
}

describe('the trimmed style sheet (vite.config.ts CSS_PURGE) still styles what the screens draw', () => {
  const browser = useBrowser();
  // Every rule of NHS.UK frontend, as the package ships it.
  const FULL = styledClasses(readFileSync(path.join(root, 'node_modules/nhsuk-frontend/dist/nhsuk/nhsuk-frontend.min.css'), 'utf8'));

  it('the comparison finds a class the sheet lost', () => {
    expect(unstyled(['nhsuk-button', 'nhsuk-card', 'app-own'], new Set(['nhsuk-card']), FULL)).toEqual(['nhsuk-button']);
  });

  it.each([
    ['home', '/'],
    ['the emergency check', '/emergency-symptoms?next=/triage'],
    ['every widget, after a failed Send', '/_preview/FIXTURE_KITCHEN_SINK'],
    ['groups and "add another" lists, after a failed Send', '/_preview/FIXTURE_GROUPS_AND_LISTS'],
    ['patient registration', '/_preview/PATIENT_REGISTRATION_FORM'],
  ])('%s: every design-system class on the page keeps its rules', async (_name, address) => {
    const { page } = await openPage(browser);
    await page.goto(address);
    await page.locator('h1').first().waitFor();
    if (address.startsWith('/_preview/')) {
      // The error states: summary, messages and red borders.
      await page.locator('form button[type="submit"]').last().click();
      await page.locator('.nhsuk-error-summary').first().waitFor();
    }
    const { dom, sheets } = await page.evaluate(() => {
      const rules: string[] = [];
      const walk = (list: CSSRuleList) => {
        for (const rule of Array.from(list)) {
          if (rule instanceof CSSStyleRule) rules.push(rule.selectorText);
          if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
      return { dom: Array.from(document.querySelectorAll('[class]')).flatMap((e) => Array.from(e.classList)), sheets: rules.join('\n') };
    });
    expect(dom.filter((c) => c.startsWith('nhsuk-')).length).toBeGreaterThan(10);
    expect(unstyled(dom, styledClasses(sheets), FULL)).toEqual([]);
  });
});
