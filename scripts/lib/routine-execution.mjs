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
async function finishedRoutineExecution(base) {
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

/**
 * `count` finished routine sore-throat executions, each from a browser of its own, walked
 * `concurrency` at a time at `base` (or round-robin over several instances' bases): one
 * finished questionnaire backs one request or booking, so a load test of bookings needs one each.
 */
export async function finishedRoutineExecutions(base, count, concurrency = 8) {
  const bases = Array.isArray(base) ? base : [base];
  const ids = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) ids[i] = await finishedRoutineExecution(bases[i % bases.length]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return ids;
}

const letters = (n) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + (Math.floor(n / 26) % 26)) + String.fromCharCode(97 + (Math.floor(n / 676) % 26));

/**
 * A fictional patient for booking number `i`, one of the `benchPatientsSql` records: a person of
 * their own, so a load test's bookings are many people's, each within the per-patient cap on
 * online bookings (a booking needs a patient the practice's record matches).
 */
export function benchPatient(i) {
  return {
    firstName: 'Bench',
    lastName: `Patient${letters(i)}`,
    dateOfBirth: '1990-01-01',
    sexAtBirth: 'female',
    postCode: 'LS1 4AP',
    contactDetails: { emailAddress: `bench.patient.${i}@example.com` },
  };
}

/** The SQL that puts `benchPatient(from … count-1)` on the practice record (SQLite and PostgreSQL alike). */
export function benchPatientsSql(count, from = 0) {
  const rows = [];
  for (let i = from; i < count; i++) {
    const p = benchPatient(i);
    rows.push(
      `('bench-${i}', '${p.firstName}', '${p.lastName}', '${p.dateOfBirth}', 'female', '${p.postCode}', '9990000000', '${p.contactDetails.emailAddress}', NULL, 'ACTIVE', 0)`,
    );
  }
  return `INSERT INTO patients (id, first_name, last_name, date_of_birth, sex_at_birth, postcode, nhs_number, email, mobile, ehr_state, update_contact_requested) VALUES ${rows.join(', ')} ON CONFLICT (id) DO NOTHING`;
}
