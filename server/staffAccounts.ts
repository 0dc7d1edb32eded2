// Staff as named people (docs/security.md "Staff sign-in"): a list of accounts, each with its own
// argon2 password hash, given in PRACTICE_STAFF_ACCOUNTS. The shared demo password
// (PRACTICE_STAFF_PASSWORD, account "staff") still works for tests, CI and the demo; when named
// accounts are given and no shared password is, the shared account is removed.
import type { Sql } from './store/types.js';

/** The shared account of PRACTICE_STAFF_PASSWORD. */
export const SHARED_STAFF_ACCOUNT = 'staff';

/** A username: lower-case letters, digits, dot, dash and underscore, 2–64, starting with a letter. */
export const STAFF_USERNAME_PATTERN = /^[a-z][a-z0-9._-]{1,63}$/;

export interface StaffAccount {
  username: string;
  /** An argon2 hash in PHC form ($argon2id$v=19$m=…,t=…,p=…$salt$hash). */
  passwordHash: string;
}

/**
 * Reads PRACTICE_STAFF_ACCOUNTS: entries `username:hash` separated by white space or new lines
 * (an argon2 hash has no white space or colon). Throws, naming the entry by its position and
 * username (never the hash), when one is malformed, repeated or names the shared account.
 */
export function parseStaffAccounts(text: string | undefined): StaffAccount[] {
  const entries = (text ?? '').split(/\s+/).filter((e) => e !== '');
  const seen = new Set<string>();
  return entries.map((entry, i) => {
    const where = `PRACTICE_STAFF_ACCOUNTS entry ${i + 1}`;
    const colon = entry.indexOf(':');
    if (colon < 0) throw new Error(`${where} must be username:argon2-hash (no colon found)`);
    const username = entry.slice(0, colon);
    const passwordHash = entry.slice(colon + 1);
    if (!STAFF_USERNAME_PATTERN.test(username)) {
      throw new Error(`${where}: the username must be 2 to 64 lower-case letters, digits, '.', '-' or '_', starting with a letter`);
    }
    if (username === SHARED_STAFF_ACCOUNT)
      throw new Error(`${where}: "${SHARED_STAFF_ACCOUNT}" is the shared account of PRACTICE_STAFF_PASSWORD; name a person`);
    if (seen.has(username)) throw new Error(`${where}: "${username}" is listed twice`);
    seen.add(username);
    if (!/^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(passwordHash)) {
      throw new Error(`${where} ("${username}"): the password hash must be an argon2 hash ($argon2id$v=19$m=…); make one with npm run staff:hash`);
    }
    return { username, passwordHash };
  });
}

/**
 * Makes the stored named accounts exactly the list: new ones added, changed hashes replaced (and
 * that person's sessions ended), accounts no longer listed removed with their sessions. The
 * shared account is left to ensureStaffPassword. One transaction.
 */
export async function syncStaffAccounts(db: Sql, accounts: readonly StaffAccount[], at: string): Promise<void> {
  await db.tx(async (tx) => {
    const stored = await tx.all<{ username: string; password_hash: string }>('SELECT username, password_hash FROM staff_accounts WHERE username <> ?', [
      SHARED_STAFF_ACCOUNT,
    ]);
    const wanted = new Map(accounts.map((a) => [a.username, a.passwordHash]));
    for (const row of stored) {
      if (wanted.get(row.username) === row.password_hash) continue;
      await tx.run('DELETE FROM staff_sessions WHERE username = ?', [row.username]);
      if (!wanted.has(row.username)) await tx.run('DELETE FROM staff_accounts WHERE username = ?', [row.username]);
    }
    for (const a of accounts) {
      await tx.run(
        `INSERT INTO staff_accounts (username, password_hash, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(username) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at
         WHERE staff_accounts.password_hash <> excluded.password_hash`,
        [a.username, a.passwordHash, at],
      );
    }
  });
}

/** Removes the shared account and its sessions (named accounts given, no shared password). */
export async function removeSharedAccount(db: Sql): Promise<void> {
  await db.tx(async (tx) => {
    await tx.run('DELETE FROM staff_sessions WHERE username = ?', [SHARED_STAFF_ACCOUNT]);
    await tx.run('DELETE FROM staff_accounts WHERE username = ?', [SHARED_STAFF_ACCOUNT]);
  });
}
