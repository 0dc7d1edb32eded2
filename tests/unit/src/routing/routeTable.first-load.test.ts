// What the first load of a page starts before the app runs (docs/operations.md "Serving and speed
// on a phone"): index.html's fetch preloads must be exactly the calls the app makes at start, or the
// browser asks twice (a preload nobody takes) or waits for a call it could have started.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATHS } from '../../../../src/api/login';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import { LOADING_MESSAGES } from '../../../../src/components/Loading';
import { routeForPath } from '../../../../src/routing/routeTable';

const html = readFileSync(path.resolve(import.meta.dirname, '../../../../index.html'), 'utf8');
const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}(?:="([^"]*)")?[\\s/>]`).exec(tag);

describe('index.html preloads', () => {
  it('preloads every settings set and the login check, and nothing else', () => {
    const fetches = links.filter((tag) => attribute(tag, 'rel')?.[1] === 'preload' && attribute(tag, 'as')?.[1] === 'fetch');
    const hrefs = fetches.map((tag) => attribute(tag, 'href')?.[1]);
    expect(hrefs.sort()).toEqual([...Object.values(SETTINGS_PATHS), LOGIN_PATHS.isLoggedIn].sort());
  });

  it('asks for them as fetch() does (crossorigin: CORS mode, same-origin credentials), else the browser does not reuse them', () => {
    const fetches = links.filter((tag) => attribute(tag, 'as')?.[1] === 'fetch');
    expect(fetches.length).toBeGreaterThan(0);
    for (const tag of fetches) {
      const crossorigin = attribute(tag, 'crossorigin');
      expect(crossorigin, tag).not.toBeNull();
      expect([undefined, '', 'anonymous']).toContain(crossorigin?.[1]);
    }
  });

  it('shows the app\'s own "Initialising" until the first render', () => {
    const root = /<div id="root">([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
    expect(root).toContain(`<p class="app-loading__message nhsuk-body-l">${LOADING_MESSAGES.initialising}</p>`);
    expect(root).toContain('role="status"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('the screen preloaded for a path', () => {
  it('is the route-table row React Router matches', () => {
    expect(routeForPath('/')?.path).toBe('/');
    expect(routeForPath('/admin-request/form')?.path).toBe('/admin-request/form');
    expect(routeForPath('/triage/')?.path).toBe('/triage');
    expect(routeForPath('/no-such-page')).toBeUndefined();
  });
});
