// `npm run schemas:check` on deliberately broken pathway documents: each report names the file,
// the JSON path and what is wrong. Valid fixtures and the library pass.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles, questionnaireFiles, sharedFiles } from '../../../scripts/schemas-check';

const root = path.resolve(__dirname, '../../..');
const dir = 'tests/fixtures/broken-questionnaires';
const REFS = 'ref-emergency, ref-ae, ref-urgent-callback, ref-same-day, ref-end-tomorrow, ref-5-days, ref-routine, ref-nurse';
const TYPES = '"BINARY", "BOOLEAN", "MULTI_CHOICE", "DROPDOWN", "NUMERIC", "TEXT", "DATE", "TIME", "DATE_TIME", "DISPLAY", "ATTACHMENT"';

const EXPECTED: Record<string, string[]> = {
  'Triage.BadMeta.json': [
    `${dir}/Triage.BadMeta.json: /checkForAppointments: must be boolean`,
    `${dir}/Triage.BadMeta.json: /sections/0/document/schema/properties/urgentSigns/x-observationType: must be one of: ${TYPES} (found "CHECKBOXES")`,
  ],
  'Triage.BadReferral.json': [
    `${dir}/Triage.BadReferral.json: /outcomes/0/recommendation/actions/0/label: an A&E referral (ref-ae) is labelled "A&E" (found "Emergency department")`,
    `${dir}/Triage.BadReferral.json: /outcomes/3/recommendation/actions/0/referralId: "ref-gp" is not a referral id of urgency-by-referral-id (${REFS})`,
  ],
  'Triage.DuplicateField.json': [
    `${dir}/Triage.DuplicateField.json: /sections/2/document/schema/properties/days: "days" is also a field of section "details" (/sections/1/document/schema/properties/days): field names are unique across a pathway`,
  ],
  'Triage.FileNameMismatch.json': [
    `${dir}/Triage.FileNameMismatch.json: /guidelineId: the guidelineId "Triage.SomethingElse" does not match the file name (expected Triage.SomethingElse.json)`,
  ],
  'Triage.NoneOfTheAboveOff.json': [
    `${dir}/Triage.NoneOfTheAboveOff.json: /sections/0/document/uiSchema/urgentSigns/ui:options/noneOfTheAbove: MULTI_CHOICE always offers "None of the above": remove noneOfTheAbove: false`,
  ],
  'Triage.ObservationMismatch.json': [
    `${dir}/Triage.ObservationMismatch.json: /sections/1/document/uiSchema/days/ui:widget: widget "number" does not fit a string field`,
    `${dir}/Triage.ObservationMismatch.json: /sections/1/document/schema/properties/days/type: NUMERIC needs type "number" or "integer" (found "string")`,
    `${dir}/Triage.ObservationMismatch.json: /sections/1/document/uiSchema/severity/ui:widget: DROPDOWN is drawn with widget "select" (found "radio")`,
  ],
  'Triage.SectionDocumentError.json': [
    `${dir}/Triage.SectionDocumentError.json: /sections/1/document/rules/pregnant/enableWhen/0/question: "sex" is not a field of this form (fields: days, severity, vomiting, pregnant, notes)`,
    `${dir}/Triage.SectionDocumentError.json: /sections/1/document/schema/required: "notes" is a question: list it in required (every visible question must be answered)`,
  ],
  'Triage.UnknownConditionField.json': [
    `${dir}/Triage.UnknownConditionField.json: /sections/2/enableWhen/0/question: "severty" is not a field of any section of this pathway — did you mean "severity"? (a single-choice field; operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)`,
    `${dir}/Triage.UnknownConditionField.json: /outcomes/2/when/0/parameter: parameter "age" is not known (the engine supplies patientAge, sexAtBirth; others are declared by a section document)`,
    `${dir}/Triage.UnknownConditionField.json: /sections/1/enableWhen/0/question: "severity" is asked in section "details", which does not come before section "details"`,
  ],
};

describe('schemas:check on broken pathway documents', () => {
  it.each(Object.entries(EXPECTED))('reports exactly what is wrong with %s', (file, expected) => {
    // The engine-mechanics rules only: these fixtures predate the clinical hierarchy, whose checks have their own fixtures (hierarchy-check.test.ts).
    expect(checkFiles([path.join(root, dir, file)], root, { hierarchy: false })).toEqual({ checked: 1, problems: expected });
  });

  it('passes the engine fixtures (engine-mechanics rules) and every pathway of the library (all rules, the hierarchy too)', () => {
    const fixtures = ['Triage.FixtureHeadache.json', 'Triage.FixtureUrinary.json', 'Triage.FixtureDisabled.json'].map((f) =>
      path.join(root, 'tests/fixtures/questionnaires', f),
    );
    expect(checkFiles(fixtures, root, { hierarchy: false }).problems).toEqual([]);
    expect(checkFiles([...sharedFiles(root), ...questionnaireFiles(root)], root).problems).toEqual([]);
  });

  it('as a command, fails on a broken pathway naming file and path', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts', `${dir}/Triage.DuplicateField.json`], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(EXPECTED['Triage.DuplicateField.json']![0]);
    expect(bad.stderr).toMatch(/\d+ problems? in 1 document/);
  });
});
