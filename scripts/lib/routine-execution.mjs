// A finished routine sore-throat guideline execution, walked over the engine's HTTP routes: what a
// booking names (`consultation.executionId`, required with the embedded engine). Shared by the
// API benches (bench-api.mjs, bench-scale.ts). Run through tsx (it imports TypeScript helpers).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toObservations } from '../../renderer/core/index.ts';
import { safeAnswers } from '../../server/engine/exampleAnswers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A finished execution of Triage.SoreThroat with its documented "Routine sore throat" answers
 * (others safe), started and walked over the engine's HTTP routes at `base`; answers its identifier.
 */
export async function finishedRoutineExecution(base) {
  const doc = JSON.parse(readFileSync(path.join(root, 'schemas/questionnaires/Triage.SoreThroat.json'), 'utf8'));
  const example = doc.examples.find((e) => e.name === 'Routine sore throat');
  // One browser's engine key: an execution answers only the browser that started it. The server
  // issues it on the first $start (it adopts no key a browser chose), and every later call carries it.
  const headers = { 'content-type': 'application/json' };
  const call = async (route, body) => {
    const res = await fetch(`${base}/api/v1/fhir/r4${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    const key = /gp_engine_key=([0-9a-f]{64})/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (key) headers.cookie = `gp_engine_key=${key}`;
    return res.json();
  };
  let execution = await call('/Guideline/Triage.SoreThroat/$start', { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } });
  const today = new Date();
  for (let n = 0; execution.status === 'IN_PROGRESS'; n++) {
    if (n > 50) throw new Error('the sore-throat execution did not finish in 50 sections');
    const { id, document } = execution.section;
    const responseData = toObservations({ id, document }, safeAnswers(document, today, example.answers));
    execution = await call(`/GuidelineExecution/${execution.identifier}/$continue`, { sectionId: id, responseData });
  }
  if (execution.status !== 'COMPLETED') throw new Error(`the sore-throat execution ended ${execution.status}`);
  return execution.identifier;
}
