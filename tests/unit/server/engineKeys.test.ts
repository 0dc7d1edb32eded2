// The owner digest of an engine key is remembered for the keys seen lately: what it answers must
// stay the SHA-256 of the key (what execution rows store as their owner), for a key asked again,
// and for a key asked again after thousands of others have pushed it out.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engineKeyDigest, isIssuedEngineKey, issueEngineKey } from '../../../server/engineKeys';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const SECRET = 'engine-keys-unit-test-secret-0123456789abcdef';

describe('engineKeyDigest', () => {
  it('is the SHA-256 of the key, the same when asked again, and different for another key', () => {
    const key = issueEngineKey(SECRET);
    const other = issueEngineKey(SECRET);
    expect(isIssuedEngineKey(SECRET, key)).toBe(true);
    expect(engineKeyDigest(key)).toBe(sha256(key));
    expect(engineKeyDigest(key)).toBe(sha256(key));
    expect(engineKeyDigest(other)).toBe(sha256(other));
    expect(engineKeyDigest(other)).not.toBe(engineKeyDigest(key));
  });

  it('stays right for a key asked again after 10,000 other keys', () => {
    const first = issueEngineKey(SECRET);
    expect(engineKeyDigest(first)).toBe(sha256(first));
    for (let i = 0; i < 10_000; i++) {
      const key = issueEngineKey(SECRET);
      if (i % 1000 === 0) expect(engineKeyDigest(key)).toBe(sha256(key));
      else engineKeyDigest(key);
    }
    expect(engineKeyDigest(first)).toBe(sha256(first));
  });
});
