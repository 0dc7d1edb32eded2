// `npm run schemas:check` on deliberately broken documents: each report names the file, the
// JSON path and what is wrong, and the command fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFiles, checkFiles } from '../../../scripts/schemas-check';

const root = path.resolve(__dirname, '../../..');
const dir = 'tests/fixtures/broken-forms';
const WIDGETS = '"text", "textarea", "email", "tel", "number", "integer", "date", "time", "datetime", "checkbox", "checkboxes", "radio", "select", "yesNo", "display"';
const FIELD_KEYWORDS =
  'type, title, description, enum, oneOf, items, uniqueItems, minItems, maxItems, minLength, maxLength, pattern, format, minimum, maximum, default, readOnly, x-date, x-age, x-yearRange, x-observationType';

const EXPECTED: Record<string, string[]> = {
  'INVALID_JSON.form.json': [`${dir}/INVALID_JSON.form.json: line 51, column 5: Expected double-quoted property name`],
  'UNKNOWN_WIDGET.form.json': [`${dir}/UNKNOWN_WIDGET.form.json: /uiSchema/type/ui:widget: must be one of: ${WIDGETS} (found "dropdown")`],
  'RULE_MISSING_FIELD.form.json': [`${dir}/RULE_MISSING_FIELD.form.json: /rules/otherType/enableWhen/0/question: "testType" is not a field of this form`],
  'RULE_CYCLE.form.json': [`${dir}/RULE_CYCLE.form.json: /rules/otherType: rules form a cycle: otherType -> type -> otherType (each rule reads the next field)`],
  'OPERATOR_MISFIT.form.json': [`${dir}/OPERATOR_MISFIT.form.json: /rules/otherType/enableWhen/0/operator: LT does not fit single-choice field "type"`],
  'PAGE_MISSING_FIELD.form.json': [`${dir}/PAGE_MISSING_FIELD.form.json: /schema/properties/when: "when" is on no page`],
  'DUPLICATE_FIELD.form.json': [`${dir}/DUPLICATE_FIELD.form.json: /pages/1/fields/1: "type" is named twice (also at /pages/0/fields/0)`],
  'BAD_META_KEYWORD.form.json': [`${dir}/BAD_META_KEYWORD.form.json: /schema/properties/otherType/maxLenght: unknown property "maxLenght" (allowed here: ${FIELD_KEYWORDS})`],
  'ID_NOT_FILE_NAME.form.json': [`${dir}/ID_NOT_FILE_NAME.form.json: /id: the id "SOMETHING_ELSE" does not match the file name (expected SOMETHING_ELSE.form.json)`],
};

describe('schemas:check on broken documents', () => {
  it.each(Object.entries(EXPECTED))('reports exactly what is wrong with %s', (file, expected) => {
    expect(checkFiles([path.join(root, dir, file)], root)).toEqual({ checked: 1, problems: expected });
  });

  it('reports every problem of a document at once, not only the first', () => {
    const { problems } = checkFiles([path.join(root, 'tests/fixtures/broken-forms/UNKNOWN_WIDGET.form.json')], root);
    expect(problems).toHaveLength(1);
    const many = checkFiles(Object.keys(EXPECTED).map((f) => path.join(root, dir, f)), root);
    expect(many.problems).toEqual(Object.values(EXPECTED).flat());
  });

  it('as a command, fails on a broken file and passes on the real documents', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts', `${dir}/RULE_CYCLE.form.json`, `${dir}/UNKNOWN_WIDGET.form.json`], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(EXPECTED['RULE_CYCLE.form.json']![0]);
    expect(bad.stderr).toContain('2 problems in 2 documents');

    const good = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts'], { cwd: root, encoding: 'utf8' });
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(good.stdout).toBe(`${allFiles(root).length} documents checked, no problems\n`);
  });
});
