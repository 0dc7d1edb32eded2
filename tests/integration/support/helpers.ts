import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, type PracticeServer, type ServerOptions } from '../../../server/app';
import { freshPostgresDatabase } from './postgres';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface TestServer extends PracticeServer {
  dataDir: string;
  /** Closes the server; the data folder stays until cleanup(). */
  close(): Promise<void>;
  cleanup(): Promise<void>;
}

/** On PostgreSQL runs (STORE=postgres, the `integration-pg` project): each data folder's database, so a restart on the same folder finds its data. */
const databases = new Map<string, { url: string; drop(): Promise<void> }>();

async function databaseFor(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  let db = databases.get(dataDir);
  if (!db) {
    db = await freshPostgresDatabase();
    databases.set(dataDir, db);
  }
  return db;
}

/**
 * A server on a fresh temporary data folder (or the given one); in the `integration-pg` project
 * (STORE=postgres) on a PostgreSQL database of its own, one per data folder, dropped on cleanup.
 * Faster to start than a real one:
 * the staff password is hashed at a token argon2 cost and the appointment diary is built on the
 * first appointment call, not at start; a test that needs either passes `fastPasswordHashing:
 * false` or `diary: true` (the defaults of a real start).
 */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'gp-api-test-'));
  // Tests naming their own pathway folders exercise the engine's mechanics with fixtures, not clinical content: no hierarchy checks.
  const documentChecks = options.documentChecks ?? (options.questionnairesDirs ? { hierarchy: false } : undefined);
  const database = process.env.STORE === 'postgres' && options.databaseUrl === undefined ? await databaseFor(dataDir) : undefined;
  const server = await buildServer({
    diary: false,
    fastPasswordHashing: true,
    ...options,
    dataDir,
    ...(documentChecks ? { documentChecks } : {}),
    ...(database ? { databaseUrl: database.url } : {}),
  }).catch(async (error: unknown) => {
    if (database && !options.dataDir) {
      databases.delete(dataDir);
      await database.drop();
    }
    throw error;
  });
  let closed = false;
  const close = async () => {
    if (!closed) await server.app.close();
    closed = true;
  };
  return {
    ...server,
    dataDir,
    close,
    cleanup: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
      if (database) {
        databases.delete(dataDir);
        await database.drop();
      }
    },
  };
}

/** An ajv holding every schema of schemas/api, to check that answers follow the contract. */
export function contractAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const dir = path.join(repoRoot, 'schemas', 'api');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as object);
  }
  return ajv;
}

export function expectValid(ajv: Ajv, schemaName: string, value: unknown): void {
  const validate = ajv.getSchema(`https://gp.example/schemas/api/${schemaName}.schema.json`);
  if (!validate) throw new Error(`no schema ${schemaName}`);
  if (!validate(value)) throw new Error(`${schemaName}: ${ajv.errorsText(validate.errors)}`);
}

export const AMELIA = { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', sexAtBirth: 'female', postCode: 'LS1 4AP' } as const;

/** A valid OTHER_ENQUIRY admin request (fields as in schemas/forms/OTHER_ENQUIRY.form.json). */
export function otherEnquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    formType: 'OTHER_ENQUIRY',
    triageRequestType: 'OTHER_ENQUIRY',
    submittedDate: '2025-10-01T09:30:00.000Z',
    patient: { ...AMELIA, contactDetails: { emailAddress: 'amelia.testwell@example.com' } },
    questionType: 'Medication',
    description: 'Can I collect my prescription on Saturday?',
    confirmedItsNotUrgent: true,
    ...overrides,
  };
}

/**
 * Staff credentials for read-back and controls: the bearer token the vitest configs set
 * (PRACTICE_API_TOKEN). Every `/practice/*` and `/api/v1/practice/*` call needs them.
 */
export const STAFF_AUTH: Record<string, string> = process.env.PRACTICE_API_TOKEN ? { authorization: `Bearer ${process.env.PRACTICE_API_TOKEN}` } : {};

export const ADMIN_URL = '/api/v1/triage/patient/admin/request';

/** A JSON answer read back in a test, navigated freely and checked by expect(). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test-only: answers are checked by assertions, not types
export type Json = Record<string, any>;
