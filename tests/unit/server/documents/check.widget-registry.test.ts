// The app's own widgets (schemas/widgets.json) feed every check: a declared name is accepted in
// ui:widget where it fits (forms, questionnaire sections, the meta-schema's list), an unknown
// one is refused with the file, the JSON path and every known name.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument, checkWidgetDeclarations, widgetDeclarationsOf, widgetNames, type FormDocument } from '../../../../renderer/core/index';
import { checkFiles, readWidgetDeclarations } from '../../../../server/documents/check';

const root = path.resolve(__dirname, '../../../..');
const SCALE = { 'scale-0-10': { fits: ['integer' as const], observationTypes: ['NUMERIC' as const] } };

function formWith(widget: string, type: 'integer' | 'string' = 'integer'): FormDocument {
  return {
    id: 'PAIN',
    title: 'Pain',
    pages: [{ title: 'Pain', fields: ['score'] }],
    schema: {
      type: 'object',
      properties: { score: { type, title: 'How tired have you felt this week?', ...(type === 'integer' ? { minimum: 0, maximum: 10 } : {}) } },
    },
    uiSchema: { score: { 'ui:widget': widget } },
  };
}

describe("checkDocument with the app's widgets", () => {
  it('accepts a declared widget on a field type it fits', () => {
    expect(checkDocument(formWith('scale-0-10'), { widgets: SCALE })).toEqual([]);
  });

  it('refuses it on a type it does not fit, and refuses it when it is not declared, naming the known names', () => {
    expect(checkDocument(formWith('scale-0-10', 'string'), { widgets: SCALE })).toEqual([
      { path: '/uiSchema/score/ui:widget', message: 'widget "scale-0-10" does not fit a string field (it draws integer fields)' },
    ]);
    const [problem] = checkDocument(formWith('scale-0-10'));
    expect(problem?.path).toBe('/uiSchema/score/ui:widget');
    expect(problem?.message).toMatch(/^unknown widget "scale-0-10" \(expected one of text, textarea, .*, display\)$/);
    expect(checkDocument(formWith('scale'), { widgets: SCALE })[0]?.message).toMatch(
      /^unknown widget "scale" \(expected one of text, .*, display, scale-0-10\)$/,
    );
  });
});

describe('the widget registry file', () => {
  it("the project's is well formed and declares the 0–10 scale", () => {
    const file = JSON.parse(readFileSync(path.join(root, 'schemas/widgets.json'), 'utf8')) as unknown;
    expect(checkWidgetDeclarations(file)).toEqual([]);
    // The file's own names (another widget added by the recipe keeps this passing), the scale among them.
    expect(Object.keys(readWidgetDeclarations(root))).toEqual(Object.keys((file as { widgets: object }).widgets));
    expect(readWidgetDeclarations(root)['scale-0-10']).toEqual(expect.objectContaining({ fits: ['integer'], observationTypes: ['NUMERIC'] }));
  });

  it('names each mistake with its JSON path', () => {
    const broken = {
      widgets: {
        text: { fits: ['string'] },
        'two words': { fits: ['integer'] },
        dial: { fits: ['float'], observationTypes: ['SCORE'], colour: 'red' },
        empty: { fits: [] },
      },
    };
    expect(checkWidgetDeclarations(broken)).toEqual([
      { path: '/widgets/text', message: '"text" is a built-in widget: give yours another name' },
      { path: '/widgets/two words', message: 'widget name "two words" must start with a letter and hold only letters, digits and hyphens' },
      { path: '/widgets/dial/colour', message: 'unknown property "colour" (allowed here: fits, observationTypes, description, range)' },
      { path: '/widgets/dial/fits/0', message: 'must be one of: string, number, integer, boolean, array (found "float")' },
      { path: '/widgets/dial/observationTypes/0', message: 'unknown observation type "SCORE"' },
      { path: '/widgets/empty/fits', message: 'fits lists the field types the widget draws (some of string, number, integer, boolean, array)' },
    ]);
    // Only the well-formed declarations are used by the checks.
    expect(Object.keys(widgetDeclarationsOf(broken))).toEqual(['dial', 'empty']);
  });
});

describe("a widget's declared range", () => {
  const RANGED = { 'rating-1-5': { fits: ['integer' as const], range: { minimum: 1, maximum: 5 } } };
  const ratingOn = (minimum: number | undefined, maximum: number | undefined): FormDocument => ({
    ...formWith('rating-1-5'),
    schema: { type: 'object', properties: { score: { type: 'integer', title: 'How tired have you felt this week?', minimum, maximum } } },
  });

  it('a field with exactly the range the widget draws passes', () => {
    expect(checkDocument(ratingOn(1, 5), { widgets: RANGED })).toEqual([]);
  });

  it('a 1–5 rating on a 0–365 field, a narrower field and a field without bounds are each refused, saying what the widget draws', () => {
    expect(checkDocument(ratingOn(0, 365), { widgets: RANGED })).toEqual([
      {
        path: '/uiSchema/score/ui:widget',
        message: 'widget "rating-1-5" draws 1 to 5: the field "score" must have minimum 1 and maximum 5 (found 0 and 365)',
      },
    ]);
    expect(checkDocument(ratingOn(1, 3), { widgets: RANGED })[0]?.message).toContain('(found 1 and 3)');
    expect(checkDocument(ratingOn(undefined, undefined), { widgets: RANGED })[0]?.message).toContain('(found no minimum and no maximum)');
  });

  it('the registry refuses a malformed range and a range on a widget that draws other than numbers', () => {
    expect(
      checkWidgetDeclarations({
        widgets: {
          upside: { fits: ['integer'], range: { minimum: 5, maximum: 1 } },
          wordy: { fits: ['string'], range: { minimum: 0, maximum: 1 } },
        },
      }),
    ).toEqual([
      { path: '/widgets/upside/range', message: 'range is { "minimum": <number>, "maximum": <number> } with minimum at most maximum' },
      { path: '/widgets/wordy/range', message: 'range is for a widget that draws only number or integer fields' },
    ]);
    expect(widgetDeclarationsOf({ widgets: RANGED })['rating-1-5']?.range).toEqual({ minimum: 1, maximum: 5 });
  });

  it("the project's 0–10 scale declares 0 to 10, so a pain score on another range is refused", () => {
    expect(readWidgetDeclarations(root)['scale-0-10']?.range).toEqual({ minimum: 0, maximum: 10 });
  });
});

describe('schemas:check (and the server) read schemas/widgets.json', () => {
  let tmp: string;
  const backPain = () => path.join(tmp, 'schemas/questionnaires/Triage.BackPain.json');
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'widget-registry-'));
    cpSync(path.join(root, 'schemas'), path.join(tmp, 'schemas'), { recursive: true });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('a pathway section drawing a NUMERIC question with the declared scale passes; on a yes/no question it is refused', () => {
    expect(checkFiles([backPain()], tmp).problems).toEqual([]);
    const original = readFileSync(backPain(), 'utf8');
    const doc = JSON.parse(original) as { sections: Array<{ document?: { uiSchema: Record<string, Record<string, unknown>> } }> };
    doc.sections[2]!.document!.uiSchema.backLegPain = { 'ui:widget': 'scale-0-10' };
    writeFileSync(backPain(), JSON.stringify(doc, null, 2));
    const problems = checkFiles([backPain()], tmp).problems;
    expect(problems).toContain(
      'schemas/questionnaires/Triage.BackPain.json: /sections/2/document/uiSchema/backLegPain/ui:widget: widget "scale-0-10" does not fit a boolean field (it draws integer fields)',
    );
    expect(problems).toContain(
      'schemas/questionnaires/Triage.BackPain.json: /sections/2/document/uiSchema/backLegPain/ui:widget: BINARY is drawn with widget "yesNo" (found "scale-0-10")',
    );
    writeFileSync(backPain(), original);
  });

  it('a form naming an undeclared widget is refused with the file, the JSON path and every known name', () => {
    const form = path.join(tmp, 'schemas/forms/PAIN.form.json');
    writeFileSync(form, JSON.stringify(formWith('scale-0-11'), null, 2));
    expect(checkFiles([form], tmp).problems).toEqual([
      // Every known name: the renderer's, then each the registry file declares (read here, so a widget added by the recipe needs no test edit).
      `schemas/forms/PAIN.form.json: /uiSchema/score/ui:widget: must be one of: ${widgetNames(readWidgetDeclarations(root))
        .map((n) => JSON.stringify(n))
        .join(', ')} (found "scale-0-11")`,
    ]);
    writeFileSync(form, JSON.stringify(formWith('scale-0-10'), null, 2));
    expect(checkFiles([form], tmp).problems).toEqual([]);
    unlinkSync(form);
  });

  it('without the declaration the same pathway is refused: the names come from the registry file, nowhere else', () => {
    unlinkSync(path.join(tmp, 'schemas/widgets.json'));
    const problems = checkFiles([backPain()], tmp).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^schemas\/questionnaires\/Triage\.BackPain\.json: \/sections\/2\/document\/uiSchema\/backScore\/ui:widget: must be one of: "text", .*"display" \(found "scale-0-10"\)$/,
        ),
      ]),
    );
  });
});
