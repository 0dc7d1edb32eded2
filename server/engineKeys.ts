// Engine keys the server issued, never ones a browser chose (docs/security.md "Engine edges").
// An execution answers only the browser holding the key that started it; if `$start` adopted any
// well-formed key it was sent, someone who can plant a cookie in a patient's browser (a sibling
// site, a shared computer) could choose the key first and then read every questionnaire that
// browser starts. So a key is 16 random bytes and their HMAC under the practice's secret (64 hex
// characters, the cookie's old form), and `$start` keeps a key only when its HMAC is right.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from './store/types.js';

/** The settings key holding the secret (never served: settings are read by name, server/routes/settings.ts). */
const SECRET_SETTING = 'engine-key-secret';

/**
 * The practice's secret for engine keys: ENGINE_KEY_SECRET when set (at least 32 characters; the
 * test configurations set one so that their fixed browser keys are valid), else one generated at
 * the first start and kept in the store, so every instance of one database shares it.
 */
async function engineKeySecret(store: Sql, fromEnv: string | undefined = process.env.ENGINE_KEY_SECRET): Promise<string> {
  if (fromEnv !== undefined && fromEnv.length >= 32) return fromEnv;
  await store.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
    SECRET_SETTING,
    JSON.stringify(randomBytes(32).toString('hex')),
  ]);
  const row = await store.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [SECRET_SETTING]);
  return JSON.parse(row!.value) as string;
}

const mac = (secret: string, nonce: string) => createHmac('sha256', secret).update(nonce).digest('hex').slice(0, 32);

/** A new key: 32 hex characters of randomness, then 32 of their HMAC. */
export function issueEngineKey(secret: string, nonce: string = randomBytes(16).toString('hex')): string {
  if (!/^[0-9a-f]{32}$/.test(nonce)) throw new Error('an engine key nonce is 32 lower-case hex characters');
  return `${nonce}${mac(secret, nonce)}`;
}

/** Whether `key` (64 lower-case hex characters) is one this practice issued. */
export function isIssuedEngineKey(secret: string, key: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(key)) return false;
  return timingSafeEqual(Buffer.from(key.slice(32)), Buffer.from(mac(secret, key.slice(0, 32))));
}

const secrets = new WeakMap<Sql, Promise<string>>();

/** engineKeySecret, read once per store. */
export function cachedEngineKeySecret(store: Sql): Promise<string> {
  let secret = secrets.get(store);
  if (!secret) {
    secret = engineKeySecret(store);
    secret.catch(() => secrets.delete(store));
    secrets.set(store, secret);
  }
  return secret;
}

/** How many engine keys' digests are remembered: a browser's calls come one after another, so the last few thousand keys cover every browser in a questionnaire. */
const DIGESTS_KEPT = 4096;
const digests = new Map<string, string>();

/**
 * The digest an execution row stores as its owner (SHA-256 of the key, hex). Remembered for the
 * keys seen lately, since every call on an execution hashes its browser's key again (about 1.5 %
 * of a `$continue`'s CPU in a profile under load); the oldest is forgotten first, so a flood of
 * made-up keys cannot grow the memory.
 */
export function engineKeyDigest(key: string): string {
  let d = digests.get(key);
  if (d === undefined) {
    d = createHash('sha256').update(key).digest('hex');
    if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value!);
    digests.set(key, d);
  }
  return d;
}
