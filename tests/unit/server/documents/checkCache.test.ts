import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedCheck } from '../../../../server/documents/checkCache';

// The test-run cache of document checks must never answer for different inputs: a changed
// document, a changed file under the documents' root, or no cache folder at all means computing.
describe('cachedCheck', () => {
  let dir: string;
  let root: string;
  const saved = process.env.DOCUMENT_CHECK_CACHE_DIR;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gp-check-cache-test-'));
    root = mkdtempSync(path.join(os.tmpdir(), 'gp-check-cache-root-'));
    mkdirSync(path.join(root, 'schemas'));
    writeFileSync(path.join(root, 'schemas', 'a.json'), '{"a":1}');
    process.env.DOCUMENT_CHECK_CACHE_DIR = dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.DOCUMENT_CHECK_CACHE_DIR;
    else process.env.DOCUMENT_CHECK_CACHE_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  const counting = () => {
    let calls = 0;
    return {
      compute: () => {
        calls += 1;
        return [{ file: 'x.json', path: '/a', message: `problem ${calls}` }];
      },
      calls: () => calls,
    };
  };

  it('answers an identical check from disk, as first computed', () => {
    const c = counting();
    const first = cachedCheck(root, 'documents-1', c.compute);
    const second = cachedCheck(root, 'documents-1', c.compute);
    expect(c.calls()).toBe(1);
    expect(second).toEqual(first);
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });

  it('computes again when the documents given differ', () => {
    const c = counting();
    cachedCheck(root, 'documents-1', c.compute);
    const other = cachedCheck(root, 'documents-2', c.compute);
    expect(c.calls()).toBe(2);
    expect(other[0]!.message).toBe('problem 2');
  });

  it("computes again when a file under the root's schemas/ changed", () => {
    const c = counting();
    cachedCheck(root, 'documents-1', c.compute);
    writeFileSync(path.join(root, 'schemas', 'a.json'), '{"a":2}');
    cachedCheck(root, 'documents-1', c.compute);
    expect(c.calls()).toBe(2);
  });

  it('without a cache folder, always computes and writes nothing', () => {
    delete process.env.DOCUMENT_CHECK_CACHE_DIR;
    const c = counting();
    cachedCheck(root, 'documents-1', c.compute);
    cachedCheck(root, 'documents-1', c.compute);
    expect(c.calls()).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });
});
