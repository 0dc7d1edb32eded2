// schemas:check refuses an outcome whose words the patient would never see: a pharmacy or
// self-care ending with no advice to show, or a link the screens and emails would not draw.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSharedSections } from '../../../../server/engine/hierarchy';
import { checkHierarchy } from '../../../../server/engine/hierarchyCheck';

const DIR = path.resolve(__dirname, '../../../../schemas/questionnaires');
const shared = readSharedSections([path.join(DIR, 'shared')]);
type Outcome = { id: string; recommendation: { tier: string; actions: Array<Record<string, unknown>> } };
const coldSores = () => JSON.parse(readFileSync(path.join(DIR, 'Triage.ColdSores.json'), 'utf8')) as { outcomes: Outcome[] };
const problems = (doc: unknown) => checkHierarchy(doc, { shared }).filter((p) => /shown nowhere|has none to show/.test(p.message));

describe("an outcome's words reach the patient", () => {
  it('the library as written passes', () => {
    expect(problems(coldSores())).toEqual([]);
  });

  it('a self-care outcome without advice is refused, naming its path', () => {
    const doc = coldSores();
    const i = doc.outcomes.findIndex((o) => o.recommendation.tier === 'SELF_CARE');
    doc.outcomes[i]!.recommendation.actions = [];
    expect(problems(doc)).toEqual([{ path: `/outcomes/${i}/recommendation/actions`, message: expect.stringContaining('a SELF_CARE outcome') }]);
  });

  it('a link that is not https:// is refused: the screens would not show it', () => {
    const doc = coldSores();
    const i = doc.outcomes.findIndex((o) => o.recommendation.tier === 'SELF_CARE');
    const action = doc.outcomes[i]!.recommendation.actions.find((a) => a.type === 'Management')!;
    action.links = [{ label: 'Cold sores', url: 'http://www.nhs.uk/conditions/cold-sores/' }];
    const j = doc.outcomes[i]!.recommendation.actions.indexOf(action);
    expect(problems(doc)).toEqual([
      { path: `/outcomes/${i}/recommendation/actions/${j}/links/0/url`, message: expect.stringContaining('would be shown nowhere') },
    ]);
  });
});
