// `npm run schemas:check` on deliberately broken documents: each report names the file, the
// JSON path and what is wrong, and the command fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_MESSAGES } from '../../../renderer/core/messages';
import { WIDGETS as WIDGET_NAMES } from '../../../renderer/core/types';
import { widgetNames } from '../../../renderer/core/widgets';
import { readWidgetDeclarations } from '../../../server/documents/check';
import { adminFormProblems, allFiles, checkFiles, formFiles, staleGenerated } from '../../../scripts/schemas-check';

const root = path.resolve(__dirname, '../../..');
const dir = 'tests/fixtures/broken-forms';
// The widget names the check accepts: renderer/core's WIDGETS (which the meta-schema's ui:widget
// enum must match, checked below) then the app's own from schemas/widgets.json — not written out
// again here.
const WIDGETS = widgetNames(readWidgetDeclarations(root))
  .map((w) => `"${w}"`)
  .join(', ');
const FIELD_KEYWORDS =
  'type, title, description, enum, oneOf, items, uniqueItems, minItems, maxItems, minLength, maxLength, pattern, format, minimum, maximum, default, readOnly, const, x-date, x-age, x-yearRange, x-observationType, properties, required, $ref';

const EXPECTED: Record<string, string[]> = {
  'INVALID_JSON.form.json': [`${dir}/INVALID_JSON.form.json: line 51, column 5: Expected double-quoted property name`],
  'UNKNOWN_WIDGET.form.json': [`${dir}/UNKNOWN_WIDGET.form.json: /uiSchema/type/ui:widget: must be one of: ${WIDGETS} (found "dropdown")`],
  'RULE_MISSING_FIELD.form.json': [
    `${dir}/RULE_MISSING_FIELD.form.json: /rules/otherType/enableWhen/0/question: "testType" is not a field of this form — did you mean "type"? (a single-choice field; operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)`,
  ],
  // Node 20's JSON.parse gives no position for an unexpected character: the line and column come from momoa.
  'CURLY_QUOTES.form.json': [
    `${dir}/CURLY_QUOTES.form.json: line 38, column 18: a curly quote “ — JSON needs straight double quotes ("), often lost when text is pasted from a word processor`,
  ],
  'MESSAGE_KEY_TYPO.form.json': [
    `${dir}/MESSAGE_KEY_TYPO.form.json: /uiSchema/when/ui:errors/notbefore: unknown message key "notbefore" — did you mean "notBefore"? (it would never be shown: the default message is used instead; keys are ${Object.keys(DEFAULT_MESSAGES).join(', ')})`,
  ],
  'RULE_CYCLE.form.json': [
    `${dir}/RULE_CYCLE.form.json: /rules/otherType: rules form a cycle: otherType -> type -> otherType (each rule reads the next field)`,
  ],
  'OPERATOR_MISFIT.form.json': [
    `${dir}/OPERATOR_MISFIT.form.json: /rules/otherType/enableWhen/0/operator: LT does not fit single-choice field "type" (operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)`,
  ],
  'PAGE_MISSING_FIELD.form.json': [`${dir}/PAGE_MISSING_FIELD.form.json: /schema/properties/when: "when" is on no page`],
  'DUPLICATE_FIELD.form.json': [`${dir}/DUPLICATE_FIELD.form.json: /pages/1/fields/1: "type" is named twice (also at /pages/0/fields/0)`],
  'BAD_META_KEYWORD.form.json': [
    `${dir}/BAD_META_KEYWORD.form.json: /schema/properties/otherType/maxLenght: unknown property "maxLenght" (allowed here: ${FIELD_KEYWORDS})`,
  ],
  'ID_NOT_FILE_NAME.form.json': [
    `${dir}/ID_NOT_FILE_NAME.form.json: /id: the id "SOMETHING_ELSE" does not match the file name (expected SOMETHING_ELSE.form.json)`,
  ],
};

describe('schemas:check on broken documents', () => {
  it.each(Object.entries(EXPECTED))('reports exactly what is wrong with %s', (file, expected) => {
    expect(checkFiles([path.join(root, dir, file)], root)).toEqual({ checked: 1, problems: expected });
  });

  it('reports every problem of a document at once, not only the first', () => {
    const { problems } = checkFiles([path.join(root, 'tests/fixtures/broken-forms/UNKNOWN_WIDGET.form.json')], root);
    expect(problems).toHaveLength(1);
    const many = checkFiles(
      Object.keys(EXPECTED).map((f) => path.join(root, dir, f)),
      root,
    );
    expect(many.problems).toEqual(Object.values(EXPECTED).flat());
  });

  it('as a command, fails on a broken file and passes on the real documents', () => {
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts', `${dir}/RULE_CYCLE.form.json`, `${dir}/UNKNOWN_WIDGET.form.json`], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(EXPECTED['RULE_CYCLE.form.json']![0]);
    expect(bad.stderr).toContain('2 problems in 2 documents');

    const good = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts'], { cwd: root, encoding: 'utf8' });
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(good.stdout).toBe(`${allFiles(root).length} documents checked, no problems\n`);
  }, 90_000); // the whole run also regenerates generated/ in memory (codegen --check)
});

describe('the widget names', () => {
  it("of the meta-schema file (ui:widget) are the renderer's then the app's declared ones, so an editor accepts them too", () => {
    const meta = JSON.parse(readFileSync(path.join(root, 'schemas/meta/form-document.schema.json'), 'utf8')) as {
      definitions: { uiField: { properties: { 'ui:widget': { enum: string[] } } } };
    };
    expect(meta.definitions.uiField.properties['ui:widget'].enum).toEqual(widgetNames(readWidgetDeclarations(root)));
    expect(meta.definitions.uiField.properties['ui:widget'].enum.slice(0, WIDGET_NAMES.length)).toEqual([...WIDGET_NAMES]);
  });

  it('schemas:check names a declared widget the meta-schema file does not list, with the file and JSON path', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'widget-meta-'));
    try {
      cpSync(path.join(root, 'schemas/meta'), path.join(tmp, 'schemas/meta'), { recursive: true });
      mkdirSync(path.join(tmp, 'schemas/forms'));
      const registry = JSON.parse(readFileSync(path.join(root, 'schemas/widgets.json'), 'utf8')) as { widgets: Record<string, unknown> };
      registry.widgets['body-map'] = { fits: ['string'] };
      writeFileSync(path.join(tmp, 'schemas/widgets.json'), JSON.stringify(registry, null, 2));
      const { problems } = checkFiles(['schemas/widgets.json'], tmp);
      expect(problems).toEqual([
        'schemas/widgets.json: /widgets/body-map: "body-map" is not listed in schemas/meta/form-document.schema.json (/definitions/uiField/properties/ui:widget/enum): add it there too, so that editors validating documents against the meta-schema accept it',
      ]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("the check accepts are the renderer's then the app's declared ones (the 0–10 scale)", () => {
    expect(WIDGETS).toContain('"scale-0-10"');
    expect(WIDGETS.startsWith(WIDGET_NAMES.map((w) => `"${w}"`).join(', '))).toBe(true);
  });
});

describe('schemas:check across the forms folder: form-type enum, documents and menu entries agree', () => {
  let tmp: string;
  const enumFile = 'schemas/api/admin-form-type.schema.json';
  const readEnum = () => JSON.parse(readFileSync(path.join(tmp, enumFile), 'utf8')) as { enum: string[] };
  const writeEnum = (values: string[]) => writeFileSync(path.join(tmp, enumFile), JSON.stringify({ ...readEnum(), enum: values }, null, 2));
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
    cpSync(path.join(root, 'schemas'), path.join(tmp, 'schemas'), { recursive: true });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('the real documents agree', () => {
    expect(adminFormProblems(root, formFiles(root))).toEqual([]);
  });

  it('names an enum value without a document and a new enum form without a menu entry; a form with a menu need not be in the enum (forms are data)', () => {
    const original = readEnum().enum;
    // FIT_NOTE dropped from the enum; a form type with no document; a new admin form without a menu entry.
    cpSync(path.join(root, dir, 'RULE_CYCLE.form.json'), path.join(tmp, 'schemas/forms/NEW_FORM.form.json'));
    writeFileSync(
      path.join(tmp, 'schemas/forms/NEW_FORM.form.json'),
      readFileSync(path.join(tmp, 'schemas/forms/NEW_FORM.form.json'), 'utf8').replace('"RULE_CYCLE"', '"NEW_FORM"'),
    );
    writeEnum([...original.filter((v) => v !== 'FIT_NOTE'), 'NEW_FORM', 'SICK_NOTE']);
    const problems = adminFormProblems(tmp, formFiles(tmp));
    expect(problems).toEqual([
      'schemas/forms/NEW_FORM.form.json: /menu: the admin form "NEW_FORM" has no menu entry: patients could never pick it (add "menu": { "label", "subTitle", "requiresPatientRecord" })',
      `${enumFile}: /enum/${original.length}: the form type "SICK_NOTE" has no form document (expected schemas/forms/SICK_NOTE.form.json)`,
    ]);
    // The whole folder checked at once reports them too (one file alone does not).
    expect(checkFiles(allFiles(tmp), tmp).problems).toEqual(expect.arrayContaining(problems));
    expect(checkFiles([path.join(tmp, 'schemas/forms/FIT_NOTE.form.json')], tmp).problems).toEqual([]);
    writeEnum(original);
    unlinkSync(path.join(tmp, 'schemas/forms/NEW_FORM.form.json'));
  });

  it('a form with a pasted curly quote is reported once, with its line, not also as "has no form document"', () => {
    const file = path.join(tmp, 'schemas/forms/FIT_NOTE.form.json');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('"id"', '\u201cid\u201d'));
    try {
      expect(adminFormProblems(tmp, formFiles(tmp))).toEqual([]);
      const problems = checkFiles([file], tmp).problems;
      expect(problems).toEqual([expect.stringMatching(/^schemas\/forms\/FIT_NOTE\.form\.json: line \d+, column \d+: a curly quote/)]);
    } finally {
      writeFileSync(file, good);
    }
  });
});

describe('schemas:check reports a stale generated/', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'schemas-check-gen-'));
    cpSync(path.join(root, 'schemas'), path.join(tmp, 'schemas'), { recursive: true });
    cpSync(path.join(root, 'generated'), path.join(tmp, 'generated'), { recursive: true });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('names each file codegen would change, with what to run', async () => {
    // The configurer's slip of the issue: a limit changed in the document, codegen not run.
    const form = path.join(tmp, 'schemas/forms/OTHER_ENQUIRY.form.json');
    writeFileSync(form, readFileSync(form, 'utf8').replace(/"maxLength": (\d+)/, '"maxLength": 20'));
    appendFileSync(path.join(tmp, 'generated/forms/FIT_NOTE.ts'), '// hand edit\n');
    const stale = await staleGenerated(tmp);
    expect(stale).toEqual(
      expect.arrayContaining([
        'generated/forms/FIT_NOTE.ts: stale (differs from what codegen writes) — run npm run codegen',
        'generated/forms/OTHER_ENQUIRY.ts: stale (differs from what codegen writes) — run npm run codegen',
        'generated/validators/OTHER_ENQUIRY.js: stale (differs from what codegen writes) — run npm run codegen',
      ]),
    );
  }, 60_000);
});
