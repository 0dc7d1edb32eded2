// The run's PostgreSQL (started by tests/integration/support/pg-global-setup.ts in the `integration-pg`
// project): which store this run tests, and a fresh database per caller.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Which store this run tests: the `integration-pg` project sets STORE=postgres. */
export const STORE: 'sqlite' | 'postgres' = process.env.STORE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh database in the run's PostgreSQL (CREATE DATABASE), its URL and a way to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
