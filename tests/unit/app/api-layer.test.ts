import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
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
      "const exists = await getJson<boolean>(`/postcode/${encodeURIComponent(p)}/exists`);",
      "await postJson('/api/v1/triage/patient/admin/request', body);",
      'useSWR("/nhs-login/is-logged-in", getJson);',
    ];
    for (const sample of samples) expect(urlStrings('src/x.ts', sample), sample).toHaveLength(1);
    expect(urlStrings('src/x.ts', "navigate('/admin-request/complete');")).toEqual([]);
  });

  it('src/api has one module per area, each re-exported by the index', () => {
    const index = readFileSync(path.join(src, 'api/index.ts'), 'utf8');
    for (const area of ['settings', 'login', 'postcode', 'patients', 'requests']) {
      expect(statSync(path.join(src, `api/${area}.ts`)).isFile()).toBe(true);
      expect(index).toContain(`export * from './${area}';`);
    }
  });
});
