// Calls the server answers but the app does not make. Each is either used by a flow
// or named, with the reason, in docs/architecture.md ("Calls the practice API answers that the
// app does not make"). This test keeps the two in step.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../..');
const UNUSED = [
  'settings/ai-led-pathways',
  'triage/nhs/match/patient',
  'appointment/sessions/ai',
  '$setCustomData',
  '$applyCustomData',
  '$removeCustomData',
  '$clearCustomData',
  '$observations',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const architecture = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
const section = architecture.slice(architecture.indexOf('**Calls the practice API answers that the app does not make.**'));
const decision = section.slice(0, section.indexOf('\n\n**', 10));
const app = sources(path.join(root, 'src')).map((f) => ({ file: path.relative(root, f), text: readFileSync(f, 'utf8') }));

describe('calls the app does not make (docs/architecture.md)', () => {
  it('the decision is recorded', () => {
    expect(decision.length).toBeGreaterThan(100);
  });
  it.each(UNUSED)('%s: named with its reason, and not called from src/', (call) => {
    expect(decision).toContain(call);
    // Only the api layer's path table names match/patient (PATIENT_PATHS.match, no function calls it).
    const callers = app.filter((f) => f.text.includes(call) && !(call === 'triage/nhs/match/patient' && f.file === path.join('src', 'api', 'patients.ts')));
    expect(callers.map((f) => f.file)).toEqual([]);
  });
});
