// The test server (tests/integration/support/helpers.ts startServer) starts cheaply; a real start
// (buildServer with its defaults, as server/main.ts calls it) keeps the production cost and diary.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import type { Db } from '../../../server/db';
import { startServer } from '../support/helpers';

const hashOf = (db: Db) => (db.prepare('SELECT password_hash FROM staff_accounts').get() as { password_hash: string }).password_hash;
const slots = (db: Db) => (db.prepare('SELECT COUNT(*) AS n FROM appt_slots').get() as { n: number }).n;
const signIn = (app: { inject: (o: object) => Promise<{ statusCode: number }> }, password: string) =>
  app.inject({
    method: 'POST',
    url: '/practice/sign-in',
    payload: `password=${encodeURIComponent(password)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('a real start (buildServer defaults)', () => {
  it('hashes the staff password at argon2id standard cost and builds the diary at start', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-real-start-'));
    const server = await buildServer({ dataDir, staffPassword: 'a-real-staff-password', notifications: { autoStart: false } });
    try {
      expect(hashOf(server.db)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(slots(server.db)).toBeGreaterThan(100);
      expect((await signIn(server.app, 'a-real-staff-password')).statusCode).toBe(303);
    } finally {
      await server.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the test server', () => {
  it('hashes at a token cost (sign-in works the same) and builds the diary on the first appointment call', async () => {
    const server = await startServer({ staffPassword: 'a-test-staff-password' });
    try {
      expect(hashOf(server.db)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect((await signIn(server.app, 'a-test-staff-password')).statusCode).toBe(303);
      expect((await signIn(server.app, 'not-the-password')).statusCode).not.toBe(303);
      expect(slots(server.db)).toBe(0);
      const sessions = await server.app.inject({ method: 'GET', url: '/api/v1/triage/nhs/appointment/sessions/ai' });
      expect(sessions.statusCode).toBe(200);
      expect(slots(server.db)).toBeGreaterThan(100);
    } finally {
      await server.cleanup();
    }
  });

  it('gives a test the real cost and the diary at start when it asks', async () => {
    const server = await startServer({ staffPassword: 'a-test-staff-password', diary: true, fastPasswordHashing: false });
    try {
      expect(hashOf(server.db)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(slots(server.db)).toBeGreaterThan(100);
    } finally {
      await server.cleanup();
    }
  });
});
