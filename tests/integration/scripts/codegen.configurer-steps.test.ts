// Follows docs/configurers.md "Adding or changing an admin form" on a temporary copy of the
// repository's schemas folder: add a document, check it, run codegen, and use it with the
// renderer core exactly as the app does.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAjvValidator, prune, validate, visibleFields, type FormDocument } from '../../../renderer/core/index';
import { main as codegen } from '../../../scripts/codegen';
import { checkFiles, formFiles } from '../../../scripts/schemas-check';

const root = path.resolve(__dirname, '../../..');
const ID = 'MEDICAL_RECORDS_REQUEST';
let tmp: string;
let doc: FormDocument;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'configurer-'));
  cpSync(path.join(root, 'schemas'), path.join(tmp, 'schemas'), { recursive: true });
  // Step 1–2: copy a document and edit it (the edited result is the worked example's fixture).
  cpSync(path.join(__dirname, '../support/configurer', `${ID}.form.json`), path.join(tmp, 'schemas/forms', `${ID}.form.json`));
  doc = JSON.parse(readFileSync(path.join(tmp, 'schemas/forms', `${ID}.form.json`), 'utf8')) as FormDocument;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('adding an admin form, step by step', () => {
  it('step 3: npm run schemas:check passes with the new document', () => {
    const files = formFiles(tmp);
    expect(files.map((f) => path.basename(f))).toContain(`${ID}.form.json`);
    expect(checkFiles(files, tmp)).toEqual({ checked: formFiles(root).length + 1, problems: [] });
  });

  it('step 3 catches a typo in the new document', () => {
    const broken = { ...doc, rules: { recordsDetail: { enableWhen: [{ question: 'recordScope', operator: 'EQ', answer: 'Part' }] } } };
    const file = path.join(tmp, 'broken', `${ID}.form.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(broken, null, 2));
    expect(checkFiles([file], tmp).problems).toEqual([
      `broken/${ID}.form.json: /rules/recordsDetail/enableWhen/0/question: "recordScope" is not a field of this form — did you mean "recordsScope"? (a single-choice field; operators that fit it: EQ, NEQ, IS, IS_NOT, HAS_VALUE, DOES_NOT_HAVE_VALUE, ONLY, NOT_ONLY, ANY_OF_THE, ALL_OF_THE, ONLY_ONE_OF_THE)`,
    ]);
  });

  it('step 5: npm run codegen writes its type, its document and its validator', async () => {
    expect(await codegen(['--root', tmp])).toBe(0);
    const types = readFileSync(path.join(tmp, 'generated/types/forms.ts'), 'utf8');
    const answers = /export interface MedicalRecordsRequestAnswers \{[\s\S]*?\n\}/.exec(types)?.[0] ?? '';
    expect(answers).toMatch(/\n {2}recordsScope: "All" \| "Part";/);
    expect(answers).toMatch(/\n {2}recordsDetail\?: string;/);
    expect(answers).toMatch(/\n {2}confirmedIdentity: true;/);
    expect(types).toContain(`  ${ID}: MedicalRecordsRequestAnswers;`);
    expect(existsSync(path.join(tmp, 'generated/forms', `${ID}.ts`))).toBe(true);
    expect(readFileSync(path.join(tmp, 'generated/validators/index.ts'), 'utf8')).toContain(`import ${ID} from './${ID}';`);
    expect(await codegen(['--root', tmp, '--check'])).toBe(0);
  }, 90_000); // codegen now runs every check of schemas:check before writing

  it('the renderer core shows, validates and prunes it with the precompiled validator', async () => {
    const mod = (await import(pathToFileURL(path.join(tmp, 'generated/validators', `${ID}.js`)).href)) as { default: (d: unknown) => boolean };
    const schemaCheck = fromAjvValidator(mod.default);

    expect(visibleFields(doc, {})).toEqual(['recordsScope', 'deliveryMethod', 'confirmedIdentity']);
    expect(visibleFields(doc, { recordsScope: 'Part' })).toEqual(['recordsScope', 'recordsDetail', 'deliveryMethod', 'confirmedIdentity']);

    const empty = validate(doc, {}, { schemaCheck });
    expect(empty.map((e) => [e.path, e.message])).toEqual([
      ['recordsScope', 'Please select which part of your record you need.'],
      ['deliveryMethod', 'Please select how you would like to receive it.'],
      ['confirmedIdentity', 'Please confirm you may see this record.'],
    ]);
    expect(validate(doc, { recordsScope: 'Part', deliveryMethod: 'Online', confirmedIdentity: true }, { schemaCheck }).map((e) => e.message)).toEqual([
      'Please say which part of your record you need.',
    ]);

    const answers = { recordsScope: 'All', recordsDetail: 'Letters from 2020', deliveryMethod: 'Collect', confirmedIdentity: true };
    expect(validate(doc, answers, { schemaCheck })).toEqual([]);
    const pruned = prune(doc, answers);
    expect(pruned.data).toEqual({ recordsScope: 'All', deliveryMethod: 'Collect', confirmedIdentity: true });
    expect(pruned.pruned.map((p) => p.path)).toEqual(['recordsDetail']);
  });
});
