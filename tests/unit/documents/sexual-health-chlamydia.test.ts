import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { visibleFields, type FormDocument } from '../../../renderer/core/index';

// Triage.SexualHealth offers the free chlamydia test only at ages 15 to 24 (both included), as the
// national programme does: the question is shown by the patient's age, never asked outside it.
const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../schemas/questionnaires/Triage.SexualHealth.json'), 'utf8')) as {
  // The first entry is { "use": "LifeThreatening" } (no document).
  sections: Array<{ id: string; document?: FormDocument }>;
};
const section = doc.sections.find((s) => s.document?.schema.properties.shChlamydiaTest)!;

describe('the chlamydia testing question of Triage.SexualHealth', () => {
  it.each([
    [14, false],
    [15, true],
    [19, true],
    [24, true],
    [25, false],
    [40, false],
  ])('at age %i it is shown: %s', (patientAge, shown) => {
    const visible = visibleFields(section.document!, {}, { patientAge, sexAtBirth: 'female' });
    expect(visible.includes('shChlamydiaTest')).toBe(shown);
    // The rest of the section is asked at every age.
    expect(visible).toContain('shAssault');
  });
});
