import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../..');
const src = path.join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const abs = path.join(dir, entry);
    return statSync(abs).isDirectory() ? files(abs) : /\.(ts|tsx)$/.test(entry) ? [abs] : [];
  });
}

/** A quoted or template string that starts with a practice-API path. */
const URL_STRING = /['"`]\/(api\/|nhs-login|postcode|signout)/;

/** Lines of `text` that write a practice-API URL: `file:line: text`. */
function urlStrings(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && URL_STRING.test(line))
    .map(({ line, n }) => `${file}:${n}: ${line}`);
}

describe('one API layer (src/api)', () => {
  it('no file in src/ outside src/api writes a practice-API URL', () => {
    const found = files(src)
      .filter((f) => !f.startsWith(path.join(src, 'api') + path.sep))
      .flatMap((f) => urlStrings(path.relative(root, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check finds a URL string written outside src/api', () => {
    const samples = [
      'const exists = await getJson<boolean>(`/postcode/${encodeURIComponent(p)}/exists`);',
      "await postJson('/api/v1/triage/patient/admin/request', body);",
      'useSWR("/nhs-login/is-logged-in", getJson);',
    ];
    for (const sample of samples) expect(urlStrings('src/x.ts', sample), sample).toHaveLength(1);
    expect(urlStrings('src/x.ts', "navigate('/admin-request/complete');")).toEqual([]);
  });

  /** The layer's own plumbing; every other module of src/api is an area. */
  const PLUMBING = ['client.ts', 'index.ts', 'send.ts', 'timeout.ts'];
  const areas = readdirSync(path.join(src, 'api'))
    .filter((f) => /\.ts$/.test(f) && !PLUMBING.includes(f))
    .map((f) => f.replace(/\.ts$/, ''));

  it('src/api has one module per area, each holding its <AREA>_PATHS and re-exported by the index', () => {
    // Read from the folder, so a new area that skips the convention fails here.
    expect(areas).toEqual(expect.arrayContaining(['settings', 'login', 'postcode', 'patients', 'requests', 'engine', 'appointments']));
    const index = readFileSync(path.join(src, 'api/index.ts'), 'utf8');
    for (const area of areas) {
      const text = readFileSync(path.join(src, `api/${area}.ts`), 'utf8');
      // Exported only where another module reads the addresses (check:dead refuses unread exports).
      expect(text, `src/api/${area}.ts holds its <AREA>_PATHS`).toMatch(/^(export )?const [A-Z]+_PATHS\b/m);
      expect(index, `src/api/index.ts re-exports ${area}`).toContain(`export * from './${area}';`);
    }
  });

  it('no call of an area takes an untyped body (bodies are the generated contract types)', () => {
    for (const area of areas) {
      const text = readFileSync(path.join(src, `api/${area}.ts`), 'utf8');
      expect(text, `src/api/${area}.ts`).not.toMatch(/\bbody\??: (unknown|Record<string, unknown>)/);
    }
  });
});

describe('every call has the 2-minute deadline (src/api/timeout.ts)', () => {
  it('only src/api/client.ts and src/api/send.ts call fetch, and each of their fetches carries the deadline signal', () => {
    const callers = files(src)
      .filter((f) => /\bfetch\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f))
      .sort();
    expect(callers).toEqual(['src/api/client.ts', 'src/api/send.ts']);
    for (const f of callers) {
      const text = readFileSync(path.join(root, f), 'utf8');
      const fetches = text.split(/\bfetch\(/).slice(1);
      for (const call of fetches) expect(call.slice(0, 400)).toContain('signal: deadline()');
    }
  });

  it('engine and cancel calls carry the deadline abort signal', async () => {
    const { vi } = await import('vitest');
    const seen: (AbortSignal | null | undefined)[] = [];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      seen.push(init?.signal);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      const engine = await import('../../../../src/api/engine');
      const appointments = await import('../../../../src/api/appointments');
      await engine.getExecution('e1', false);
      await engine.stopExecution('e1', true);
      await appointments.cancelAppointment('c1', 'l1', 'k1');
      expect(seen).toHaveLength(3);
      for (const signal of seen) expect(signal).toBeInstanceOf(AbortSignal);
      // The idempotency key still goes with the cancel.
      const cancelInit = fetchMock.mock.calls[2]?.[1];
      expect((cancelInit?.headers as Record<string, string>)['idempotency-key']).toBe('k1');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
