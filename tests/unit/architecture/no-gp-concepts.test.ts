// The renderer is a generic JSON-Schema form library: what a GP practice means by its forms (the
// emergency phrase list, phone layout, menus, reply times, tiers) lives in common/ or the app.
// This reads every file under renderer/, comments and README included, so a rule of the
// practice cannot creep back in under a generic name. The NHS design system (nhsuk-* markup,
// "care card", "Urgent advice:") is the renderer's look, not a GP concept, so "NHS" alone and
// "urgent" are not listed; NHS services are.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const RENDERER = path.join(root, 'renderer');

const GP_CONCEPTS =
  /\b(GPs?|general practice|practices?|patients?|999|111|NHS (?:number|111|App|login)|triage|pharmac(?:y|ies|ists?)|A&E|emergenc(?:y|ies)|clinic(?:s|al|ians?)?|surgery|doctors?|nurses?|appointments?|inbox|receptionists?|prescriptions?|medications?|symptoms?|pathways?|referrals?|red flags?|safeguarding|urgency tiers?)\b/i;
/** Stating the rule itself is allowed. */
const THE_RULE = /knows nothing (?:about|of) GP practices/gi;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('renderer/ names no GP concept', () => {
  const files = filesUnder(RENDERER);

  it('reads the whole renderer (code and README)', () => {
    const rel = files.map((f) => path.relative(root, f).split(path.sep).join('/'));
    expect(rel).toContain('renderer/README.md');
    expect(rel).toContain('renderer/core/index.ts');
    expect(rel.some((f) => f.startsWith('renderer/ui/') && f.endsWith('.tsx'))).toBe(true);
  });

  it('finds the concepts it looks for', () => {
    for (const text of ['the patient typed', 'call 999', 'the GP practice', 'A&E now', 'emergency phrases', 'the practice inbox'])
      expect(text).toMatch(GP_CONCEPTS);
    for (const text of ['nhsuk-card--care--urgent', 'a practical example', 'Urgent advice:', 'the NHS design system']) expect(text).not.toMatch(GP_CONCEPTS);
  });

  it('no file under renderer/ names one', () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const m = GP_CONCEPTS.exec(line.replace(THE_RULE, ''));
        if (m) found.push(`${path.relative(root, file)}:${i + 1}: "${m[0]}" in ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
