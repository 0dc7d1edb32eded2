// Canonical identities for every limit and every match: one person's email, one mobile, one
// client must count as one however they are written, or a cap is bypassed by spelling.
import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Sql } from './store/types.js';
import { isJsonObject as isJson, type JsonObject as Json } from './json.js';

/**
 * An email as it is compared, counted and stored for messages: trimmed and case-folded. (The local
 * part may in theory be case-sensitive; no UK mail provider treats it so, and a cap that a capital
 * letter escapes is no cap.)
 */
export function canonicalEmail(email: string | undefined | null): string {
  return (email ?? '').trim().toLowerCase();
}

/**
 * A phone number in E.164 (+447700900999), read as a UK number when it has no country code
 * ("07700 900999", "(07700) 900999", "0044 7700 900999", "+44 (0)7700 900999" are one number).
 * Text libphonenumber cannot read as a number keeps only its digits (and a leading +), so at
 * least spacing and punctuation never make two identities. Empty for nothing given.
 */
export function canonicalPhone(phone: string | undefined | null): string {
  const raw = (phone ?? '').trim();
  if (raw === '') return '';
  const parsed = parsePhoneNumberFromString(raw, 'GB');
  if (parsed) return parsed.number;
  const digits = raw.replace(/\D/g, '');
  return digits === '' ? '' : raw.startsWith('+') ? `+${digits}` : digits;
}

/** The IPv6 prefix length a client is counted by (IPV6_CLIENT_PREFIX, 1–128; default 64: one home or office network gets one /64). */
export function ipv6PrefixFrom(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 128 ? n : 64;
}

const DEFAULT_IPV6_PREFIX = ipv6PrefixFrom(process.env.IPV6_CLIENT_PREFIX);

/** The 8 hextets of an IPv6 address (with an embedded IPv4 tail read as two), or undefined when it is not one. */
function hextets(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((x) => x > 255)) return undefined;
    text = `${text.slice(0, v4.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Who a request counts as for rate limits and wrong-answer counts: an IPv4 client by its address;
 * an IPv6 client by its network (the first `prefix` bits, default /64), since one subscriber
 * holds a whole /64 and can send every request from a new address in it. An IPv4-mapped IPv6
 * address (::ffff:192.0.2.1) is the IPv4 client.
 */
export function clientKey(ip: string, prefix: number = DEFAULT_IPV6_PREFIX): string {
  if (!ip.includes(':')) return ip;
  const h = hextets(ip);
  if (!h) return ip;
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return `${h[6]! >> 8}.${h[6]! & 255}.${h[7]! >> 8}.${h[7]! & 255}`;
  const bits = Math.max(1, Math.min(128, prefix));
  const out = h.map((x, i) => {
    const keep = Math.max(0, Math.min(16, bits - i * 16));
    return keep === 0 ? 0 : x & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${out.map((x) => x.toString(16)).join(':')}/${bits}`;
}

/** A signed 64-bit advisory-lock key for a name (PostgreSQL's lock keys are BIGINT). */
function lockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Serialises the transaction `tx` against every other transaction, on any instance, that locks
 * one of the same names, until it commits or rolls back: count-then-insert under it counts
 * exactly. PostgreSQL: a transaction-scoped advisory lock per name, taken in sorted order so two
 * transactions locking overlapping names cannot deadlock. SQLite: nothing to do, a transaction is
 * already the only writer of its file (BEGIN IMMEDIATE, one process per data folder).
 */
export async function lockNames(tx: Sql, names: readonly string[]): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  if (!tx.base) throw new Error('lockNames needs a transaction (the lock is released when it ends)');
  for (const name of [...new Set(names)].sort()) await tx.get('SELECT pg_advisory_xact_lock(?::bigint)', [lockKey(name)]);
}

/** The lock names of messages' recipients (lockNames): one per canonical address and number. */
export function recipientLockNames(recipients: ReadonlyArray<{ email?: string; mobile?: string }>): string[] {
  const names: string[] = [];
  for (const r of recipients) {
    const email = canonicalEmail(r.email);
    const mobile = canonicalPhone(r.mobile);
    if (email) names.push(`recipient:${email}`);
    if (mobile) names.push(`recipient:${mobile}`);
  }
  return names;
}

/**
 * A phone number as a request stores it: E.164 when libphonenumber reads it as a possible number (as
 * GB without a country code), so the practice, the caps and the messages see one spelling of one
 * number; anything else (not a string, not a number) as it was sent. The staff pages format it
 * for reading (common/phone.ts nationalPhone).
 */
function storedPhone<T>(value: T): T | string {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const parsed = parsePhoneNumberFromString(value.trim(), 'GB');
  return parsed && parsed.isPossible() ? parsed.number : value;
}

function withStoredPhones(value: unknown, keys: readonly string[]): unknown {
  if (!isJson(value)) return value;
  const out: Json = { ...value };
  for (const k of keys) if (Object.hasOwn(out, k)) out[k] = storedPhone(out[k]);
  return out;
}

function withContactPhones(contact: unknown): unknown {
  if (!isJson(contact)) return contact;
  const out = withStoredPhones(contact, ['mobilePhoneNumber']) as Json;
  if (Object.hasOwn(out, 'preferredContact')) out.preferredContact = withStoredPhones(out.preferredContact, ['phoneNumber']);
  return out;
}

/**
 * A patient (schemas/api/patient.schema.json) with every phone number it carries in its stored
 * spelling (storedPhone): its telephone, its contact details' mobile and preferred number, and
 * those of the adult acting for a child. Returns a copy; anything not an object as it is.
 */
export function withCanonicalPatientPhones<T>(patient: T): T {
  if (!isJson(patient)) return patient;
  const out = withStoredPhones(patient, ['telephone']) as Json;
  if (Object.hasOwn(out, 'contactDetails')) out.contactDetails = withContactPhones(out.contactDetails);
  if (isJson(out.childProxy) && Object.hasOwn(out.childProxy, 'contactDetails'))
    out.childProxy = { ...out.childProxy, contactDetails: withContactPhones(out.childProxy.contactDetails) };
  return out as T;
}

interface PhoneSchema {
  format?: unknown;
  $ref?: unknown;
  properties?: Record<string, PhoneSchema>;
  items?: PhoneSchema | PhoneSchema[];
  definitions?: Record<string, PhoneSchema>;
  $defs?: Record<string, PhoneSchema>;
}

/** A local reference (`#/definitions/<name>`, `#/$defs/<name>`, the only kind a document may use) read in `root`. */
function resolved(root: PhoneSchema, schema: PhoneSchema): PhoneSchema | undefined {
  if (typeof schema.$ref !== 'string') return schema;
  const m = /^#\/(definitions|\$defs)\/([^/]+)$/.exec(schema.$ref);
  return m ? { ...root[m[1] as 'definitions' | '$defs']?.[m[2]!], ...schema, $ref: undefined } : undefined;
}

function canonicalFormPhones(root: PhoneSchema, node: PhoneSchema | undefined, data: unknown, depth: number): unknown {
  const schema = node && depth < 64 ? resolved(root, node) : undefined;
  if (!schema) return data;
  if (schema.format === 'uk-phone') return storedPhone(data);
  if (Array.isArray(data) && schema.items && !Array.isArray(schema.items)) {
    const item = schema.items;
    return data.map((d: unknown) => canonicalFormPhones(root, item, d, depth + 1));
  }
  if (isJson(data) && schema.properties) {
    const out: Json = { ...data };
    for (const [k, s] of Object.entries(schema.properties)) if (Object.hasOwn(out, k)) out[k] = canonicalFormPhones(root, s, out[k], depth + 1);
    return out;
  }
  return data;
}

/**
 * A form's answers with every `uk-phone` field (at any depth of groups and lists, through the
 * document's local definitions) in its stored spelling (storedPhone). Called on answers the
 * form's rules have already accepted.
 */
export function withCanonicalFormPhones<T>(schema: PhoneSchema | undefined, data: T): T {
  return schema ? (canonicalFormPhones(schema, schema, data, 0) as T) : data;
}
