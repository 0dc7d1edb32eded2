// @vitest-environment jsdom
// "Preview draft" of a pathway in the editor: the draft is walked, not just listed. The page's
// calls are answered by the server's own walk (loadDraftPathway + the engine's previewPathway, what
// POST …/pathway/:id/walk runs; the route itself: tests/integration/server/configurer3-draft-walk).
// Choosing an example fills its patient and answers and shows what the engine gives for the DRAFT,
// and whether the example ends as it says.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_PATHS } from '../../../../src/api/editor';
import { DraftPreview } from '../../../../src/staff-editor/DraftPreview';
import { loadDraftPathway } from '../../../../server/documents/draftWalk';
import { repoRoot } from '../../../../server/documents/check';
import { previewPathway } from '../../../../server/engine/preview';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ID = 'Triage.StrokeSymptoms';
const live = JSON.parse(readFileSync(path.join(repoRoot, 'schemas/questionnaires', `${ID}.json`), 'utf8')) as Json;
const NEW_TITLE = 'Call 999 straight away';
const draft = structuredClone(live);
(draft.outcomes as Json[]).find((o) => o.id === 'red-flag-stroke')!.recommendation.title = NEW_TITLE;
(draft.examples as Json[])[0]!.expectTopReferral = 'ref-routine';
const TEXT = JSON.stringify(draft, null, 2);
const stroke = (draft.examples as Json[])[0]!;

let walks: Json[] = [];
beforeEach(() => {
  walks = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url !== `${EDITOR_PATHS.document('pathway', ID)}/walk`) return new Response('{}', { status: 404 });
    const body = JSON.parse(String(init.body)) as Json;
    walks.push(body);
    const loaded = loadDraftPathway(body.text as string, repoRoot);
    if ('problem' in loaded) return new Response(JSON.stringify({ message: loaded.problem }), { status: 422 });
    const answer = body.patient ? previewPathway(loaded.loaded, body.answers ?? {}, body.patient, new Date()) : undefined;
    return new Response(JSON.stringify({ document: loaded.loaded.doc, ...(answer ? { answer } : {}) }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the draft preview of a pathway', () => {
  it("walks an example on the draft: the draft's outcome, and that the example does not end as it says", async () => {
    const user = userEvent.setup();
    render(<DraftPreview kind="pathway" id={ID} doc={draft} text={TEXT} />);
    const walk = await screen.findByTestId('draft-walk', {}, { timeout: 5000 });
    // The shared life-threatening section is drawn too: the draft as the engine runs it.
    const sections = within(walk).getByLabelText('Section') as HTMLSelectElement;
    expect([...sections.options].map((o) => o.value).slice(-2)).toEqual(['urgent', 'about']);
    expect(sections.options.length).toBeGreaterThan(2);

    await user.selectOptions(within(walk).getByLabelText('Fill the answers of an example'), stroke.name as string);
    const outcome = within(walk).getByTestId('pathway-outcome');
    await waitFor(() => expect(within(outcome).getByTestId('outcome-example').textContent).toBe('The example expects ref-routine: does not match.'), {
      timeout: 5000,
    });
    expect(within(outcome).getByTestId('outcome-referral').textContent).toBe('Top referral: ref-emergency');
    expect(within(outcome).getByTestId('outcome-recommendations').textContent).toContain(NEW_TITLE);
    // Every engine call carried the draft's text, the example's answers and patient.
    expect(walks.every((w) => w.text === TEXT)).toBe(true);
    expect(walks.at(-1)).toMatchObject({ answers: stroke.answers, patient: stroke.patient });

    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('says why a draft cannot be walked yet', async () => {
    render(<DraftPreview kind="pathway" id={ID} doc={{}} text='{"guidelineId": "x"}' />);
    expect((await screen.findByTestId('draft-walk-problem', {}, { timeout: 5000 })).textContent).toBe(
      'The draft is not a pathway yet: it needs a "sections" list.',
    );
  });
});
