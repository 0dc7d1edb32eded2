// Drives the embedded engine over its HTTP routes (app.inject): start a pathway, answer each
// section with given answers (else the safe answers of server/engine/exampleAnswers.ts), and
// return the finished execution. Shared by the examples test and the property test.
import type { FastifyInstance } from 'fastify';
import { issueEngineKey } from '../../../server/engineKeys';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { toObservations, type FormData, type FormDocument } from '../../../renderer/core/index';
import { safeAnswers } from '../../../server/engine/exampleAnswers';
import { expandPathway, readSharedSections, type ExpandedPathway } from '../../../server/engine/hierarchy';
import type { Pathway } from '../../../server/engine/pathway';
import { repoRoot, type Json } from './helpers';

export const ENGINE = '/api/v1/fhir/r4';
export const LIBRARY_DIR = path.join(repoRoot, 'schemas', 'questionnaires');
export const FIXTURES_DIR = path.join(repoRoot, 'tests', 'fixtures', 'questionnaires');

export const SHARED_DIR = path.join(LIBRARY_DIR, 'shared');

/** The pathways of a folder as the engine runs them: `{ "use": … }` sections expanded (shared outcomes first). */
export function readPathways(dir: string): ExpandedPathway[] {
  const shared = readSharedSections([SHARED_DIR]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => expandPathway(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Pathway, shared).doc as ExpandedPathway);
}

/** The pathway documents of a folder as written (sections may be `{ "use": … }`). */
export function readPathwaySources(dir: string): Pathway[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Pathway);
}

/** A date of birth giving `age` whole years today (100 days past the birthday). */
export function dateOfBirthForAge(age: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getFullYear() - age, today.getMonth(), today.getDate()) - 100 * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * The engine key cookie of one browser (server/routes/engine.ts): an execution answers only the
 * browser that started it, so every call here carries the same key. A server adopts only keys it
 * issued (server/engineKeys.ts): this one is issued under ENGINE_KEY_SECRET, which the test
 * configurations set.
 */
export const BROWSER_KEY = issueEngineKey(process.env.ENGINE_KEY_SECRET ?? '', 'c0ffee'.repeat(5) + 'c0');
export const BROWSER = { cookie: `gp_engine_key=${BROWSER_KEY}` };

export async function post(app: FastifyInstance, url: string, payload?: unknown, headers: Record<string, string> = BROWSER) {
  return app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function start(app: FastifyInstance, guidelineId: string, patient: { age: number; sexAtBirth: string }) {
  return post(app, `${ENGINE}/Guideline/${guidelineId}/$start`, { patient: { dateOfBirth: dateOfBirthForAge(patient.age), sexAtBirth: patient.sexAtBirth } });
}

/**
 * Answers the current section: `choose(doc)` gives the answers (all fields, hidden ones too —
 * the engine prunes them); a 400 naming a field moves that field to its next safe candidate.
 */
export async function answerSection(
  app: FastifyInstance,
  execution: Json,
  choose: (doc: FormDocument, attempt: Record<string, number>) => FormData,
  fixed: ReadonlySet<string> = new Set(),
): Promise<{ execution: Json; sent: FormData }> {
  const section = execution.section as { id: string; document: FormDocument };
  const attempt: Record<string, number> = {};
  for (let tries = 0; tries < 12; tries++) {
    const sent = choose(section.document, attempt);
    const response = await post(app, `${ENGINE}/GuidelineExecution/${execution.identifier}/$continue`, {
      sectionId: section.id,
      responseData: toObservations({ id: section.id, document: section.document }, sent),
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (response.statusCode === 200) return { execution: response.json() as Json, sent };
    expect(response.statusCode, response.body).toBe(400);
    const fields = ((response.json() as Json).details as Array<{ path: string }>).map((d) => d.path.split('/').pop()!);
    for (const f of fields) {
      if (fixed.has(f)) throw new Error(`the answer given for "${f}" is refused: ${response.body}`);
      attempt[f] = (attempt[f] ?? 0) + 1;
    }
  }
  throw new Error(`section ${section.id} of ${String(execution.guidelineId)}: no answers accepted`);
}

/** Walks an execution to its end with the given answers (others safe). */
export async function walk(app: FastifyInstance, execution: Json, answers: FormData = {}, today = new Date()): Promise<Json> {
  let current = execution;
  const fixed = new Set(Object.keys(answers));
  for (let n = 0; current.status === 'IN_PROGRESS'; n++) {
    if (n > 50) throw new Error('more than 50 sections');
    ({ execution: current } = await answerSection(app, current, (doc, attempt) => safeAnswers(doc, today, answers, attempt), fixed));
  }
  return current;
}

/**
 * A finished (COMPLETED) execution of a pathway's documented example (the `examples` of
 * schemas/questionnaires/<guidelineId>.json whose name starts with `namePrefix`): its patient and
 * answers, others safe. A triage request names its `identifier` as `consultation.executionId`.
 */
export async function finishedExample(app: FastifyInstance, guidelineId: string, namePrefix: string): Promise<Json> {
  const doc = JSON.parse(readFileSync(path.join(LIBRARY_DIR, `${guidelineId}.json`), 'utf8')) as {
    examples?: Array<{ name: string; patient: { age: number; sexAtBirth: string }; answers: FormData }>;
  };
  const example = doc.examples?.find((e) => e.name.startsWith(namePrefix));
  if (!example) throw new Error(`${guidelineId} has no example "${namePrefix}…"`);
  const started = await start(app, guidelineId, example.patient);
  expect(started.statusCode, started.body).toBe(201);
  const done = await walk(app, started.json() as Json, example.answers);
  expect(done.status).toBe('COMPLETED');
  return done;
}

/**
 * `app.inject` over HTTP, for the walker's calls to a server in another process (a child process,
 * the e2e servers). Only what the walker uses: method, url, headers and a JSON payload; the
 * answer's statusCode, headers, body and json().
 */
export function overHttp(base: string): FastifyInstance {
  const inject = async ({
    method = 'GET',
    url,
    headers = {},
    payload,
  }: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const body = await response.text();
    return { statusCode: response.status, headers: Object.fromEntries(response.headers), body, json: () => JSON.parse(body) as unknown };
  };
  return { inject } as unknown as FastifyInstance;
}

/** The first Referral action's id across the recommendations, in order. */
export function topReferral(execution: Json): string | undefined {
  for (const r of execution.recommendations as Array<{ actions: Array<{ type: string; referralId?: string }> }>) {
    const ref = r.actions.find((a) => a.type === 'Referral');
    if (ref) return ref.referralId;
  }
  return undefined;
}
