// The execution calls' answers (server/routes/engine.ts with server/engine/executionJson.ts: a
// section's form document and requiredData items serialised once per loaded pathway, not on every
// call): the same text JSON.stringify writes, in every state of an execution, and a version of
// the pathway published while executions run is what every later call draws, including the
// execution whose section was drawn (and its text kept) before the publish.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument } from '../../../../renderer/core/index';
import { safeAnswers } from '../../../../server/engine/exampleAnswers';
import { repoRoot, startServer, type Json, type TestServer } from '../../support/helpers';
import { answerSection, BROWSER, ENGINE, post, start } from '../../support/walker';

const TOKEN = 'answer-json-test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SORE_THROAT = 'Triage.SoreThroat';
const SOURCE = readFileSync(path.join(repoRoot, 'schemas', 'questionnaires', `${SORE_THROAT}.json`), 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ apiToken: TOKEN, notifications: { autoStart: false } });
}, 120_000);
afterAll(async () => server?.cleanup());

const exec = (id: string, call = '') => `${ENGINE}/GuidelineExecution/${id}${call ? `/$${call}` : ''}`;
const get = (id: string) => server.app.inject({ method: 'GET', url: exec(id), headers: BROWSER });

/** The answer's body, checked to be byte for byte what JSON.stringify writes of its own value. */
function stringified(response: { statusCode: number; body: string; headers: Record<string, unknown> }, status = 200): Json {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const value = JSON.parse(response.body) as Json;
  expect(response.body).toBe(JSON.stringify(value));
  return value;
}

/** Answers the current section with its safe answers. */
async function next(execution: Json): Promise<Json> {
  return (await answerSection(server.app, execution, (doc, attempt) => safeAnswers(doc, new Date(), {}, attempt))).execution;
}

const currentSection = (execution: Json) => execution.section as { id: string; title: string; document: FormDocument };
const labels = (execution: Json) => (execution.requiredData as Array<{ label: string }>).map((i) => i.label);

describe('execution answers', () => {
  it('are the JSON.stringify text of the execution from $start to $finish, the section drawn the same on every call', async () => {
    let execution = stringified(await start(server.app, SORE_THROAT, { age: 30, sexAtBirth: 'female' }), 201);
    expect(currentSection(execution).document).toBeTypeOf('object');
    execution = await next(execution);
    const drawn = stringified(await get(execution.identifier as string));
    // Drawn twice (the second from the text kept): the same answer.
    expect(stringified(await get(execution.identifier as string))).toEqual(drawn);
    expect(drawn.section).toEqual(execution.section);
    expect(drawn.requiredData).toEqual(execution.requiredData);
    expect((drawn.requiredData as unknown[]).length).toBeGreaterThan(0);

    const custom = stringified(
      await post(server.app, exec(execution.identifier as string, 'putCustomData'), [{ key: 'channel', type: 'STRING', value: 'web' }]),
    );
    expect(custom.customData).toEqual([{ key: 'channel', type: 'STRING', value: 'web' }]);
    while (execution.status === 'IN_PROGRESS') execution = await next(execution);
    const completed = stringified(await get(execution.identifier as string));
    expect(completed).toMatchObject({ status: 'COMPLETED', section: null, requiredData: [] });
    const finished = stringified(await post(server.app, exec(execution.identifier as string, 'finish'), {}));
    expect(finished).toMatchObject({ status: 'FINISHED', feedback: {} });
    // An error is Fastify's own error answer, not an execution's.
    const refused = await post(server.app, exec(execution.identifier as string, 'continue'), { sectionId: 'urgent', responseData: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('FINISHED') });
  });

  it('draw a newly published version of the pathway at once, also for a section drawn before the publish', async () => {
    const started = stringified(await start(server.app, SORE_THROAT, { age: 30, sexAtBirth: 'female' }), 201);
    const before = await next(started);
    const answered = before.responseData as unknown[];
    const section = currentSection(before);
    const doc = JSON.parse(SOURCE) as { sections: Array<{ id?: string; document?: FormDocument }> };
    const source = doc.sections.find((s) => s.id === section.id)!.document!;
    expect(section.title).toBe(source.title);
    const field = Object.keys(source.schema.properties)[0]!;
    const question = source.schema.properties[field]!.title!;
    expect(labels(before)).toContain(question);

    source.title = `${source.title} (new wording)`;
    source.schema.properties[field]!.title = `${question} (new wording)`;
    const published = await server.app.inject({
      method: 'POST',
      url: `/api/v1/practice/documents/pathway/${SORE_THROAT}/publish`,
      payload: { text: JSON.stringify(doc, null, 2), note: 'New wording' },
      headers: { ...AUTH, 'content-type': 'application/json' },
    });
    expect(published.statusCode, published.body).toBe(200);

    // The execution drawn before: its current section in the new words, its answers kept.
    const after = stringified(await get(before.identifier as string));
    expect(currentSection(after).id).toBe(section.id);
    expect(currentSection(after).title).toBe(source.title);
    expect(currentSection(after).document.title).toBe(source.title);
    expect(currentSection(after).document.schema.properties[field]!.title).toBe(`${question} (new wording)`);
    expect(labels(after)).toContain(`${question} (new wording)`);
    expect(labels(after)).not.toContain(question);
    expect(after.responseData).toEqual(answered);
    // $continue on the section shown before draws the new version too, as does a new execution.
    const again = await post(server.app, exec(before.identifier as string, 'continue'), {
      sectionId: currentSection(started).id,
      responseData: answered,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(currentSection(stringified(again)).document.title).toBe(source.title);
    const fresh = await next(stringified(await start(server.app, SORE_THROAT, { age: 30, sexAtBirth: 'female' }), 201));
    expect(currentSection(fresh).document.title).toBe(source.title);
    expect(labels(fresh)).toContain(`${question} (new wording)`);
  });
});
