import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cancelTarget, pathwayKind } from '../../../src/flows/guideline/pathwayKind';

describe('pathwayKind (src/flows/guideline): one place that knows a pathway family', () => {
  it('names each family of the pathway documents, unknown ids counting as medical (every safety step)', () => {
    expect(pathwayKind('Triage.SoreThroat')).toBe('triage');
    expect(pathwayKind('Eligibility.Physio')).toBe('eligibility');
    expect(pathwayKind('Form.U16.Fever')).toBe('child');
    expect(pathwayKind('Something.Else')).toBe('triage');
    expect(pathwayKind(undefined)).toBe('triage');
  });

  it("Cancel goes back to an eligibility pathway's page, home otherwise", () => {
    expect(cancelTarget('Eligibility.Physio')).toBe('/eligibility/guideline?guideline=Eligibility.Physio');
    expect(cancelTarget('Triage.SoreThroat')).toBe('/');
    expect(cancelTarget(null)).toBe('/');
  });

  it('no other file in src/ reads the family from the id prefix', () => {
    const src = path.resolve(__dirname, '../../../src');
    const found = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(path.join('guideline', 'pathwayKind.ts')))
      .filter((f) => /startsWith\(['"](Eligibility\.|Form\.U16|Triage\.)/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
