// npm run staff:hash — an argon2id hash of a staff password, for a PRACTICE_STAFF_ACCOUNTS entry
// (docs/security.md "Staff sign-in"). The password is read from standard input (never the command
// line, which shells keep in their history); the entry is printed as `username:hash`.
import { hash } from '@node-rs/argon2';
import { createInterface } from 'node:readline';

const username = process.argv[2] ?? '';
if (!/^[a-z][a-z0-9._-]{1,63}$/.test(username) || username === 'staff') {
  console.error(
    "Usage: npm run staff:hash -- <username>  (then type the password and press Enter)\nA username is 2 to 64 lower-case letters, digits, '.', '-' or '_', starting with a letter; not 'staff'.",
  );
  process.exit(2);
}
if (process.stdin.isTTY) process.stderr.write(`Password for ${username}: `);
const lines = createInterface({ input: process.stdin, terminal: false });
const password = await new Promise((resolve) => lines.once('line', resolve).once('close', () => resolve('')));
lines.close();
if (String(password).length < 12) {
  console.error('\nA staff password needs at least 12 characters.');
  process.exit(2);
}
console.log(`${username}:${await hash(String(password))}`);
