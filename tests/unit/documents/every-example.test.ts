// @vitest-environment jsdom
// Every example of every triage and child pathway, run through the engine's own walk (the staff
// preview's, which the engine shares), ends where its tier says (common/endings.ts): the ending
// screen, the route the browser takes after the last section, and the words the screen will show.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endingFor, outcomeWords, topTier, type EndingScreen, type UrgencyTier } from '../../../common';
import type { Pathway } from '../../../generated/types/questionnaire';
import { readSharedSections } from '../../../server/engine/hierarchy';
import { loadPathway } from '../../../server/engine/library';
import { previewPathway } from '../../../server/engine/preview';
import { BOOK_APPOINTMENT_PATH, ENDING_PATHS, URGENT, routeAfterTriage } from '../../../src/flows/guideline/routeAfterTriage';
import type { Recommendation } from '../../../src/api/engine';

const DIR = path.resolve(__dirname, '../../../schemas/questionnaires');
const shared = readSharedSections([path.join(DIR, 'shared')]);
const pathways = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Pathway)
  .filter((p) => p.kind === 'triage' || p.kind === 'child');

const cases = pathways.flatMap((p) => (p.examples ?? []).filter((e) => !e.expectRefusal).map((e) => [p.guidelineId, e.name, p, e] as const));

/** The screen each tier must end at, by kind (a child's A&E goes to the emergency screen: no adult safety questions). */
const SCREEN: Record<'triage' | 'child', Record<UrgencyTier, EndingScreen>> = {
  triage: { CALL_999: 'EMERGENCY', AE_NOW: 'SAFETY_CHECK', URGENT_TODAY: 'URGENT_TODAY', PHARMACY: 'PHARMACY', ROUTINE: 'ROUTINE', SELF_CARE: 'SELF_CARE' },
  child: { CALL_999: 'EMERGENCY', AE_NOW: 'EMERGENCY', URGENT_TODAY: 'URGENT_TODAY', PHARMACY: 'PHARMACY', ROUTINE: 'ROUTINE', SELF_CARE: 'SELF_CARE' },
};

const patient = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  postCode: 'LS1 4AP',
  contactDetails: { emailAddress: 'amelia@example.com' },
};
const reached = new Map<string, number>();

describe('every pathway example ends where its tier says', () => {
  it('there are triage and child examples to walk', () => {
    expect(cases.filter(([, , p]) => p.kind === 'triage').length).toBeGreaterThan(300);
    expect(cases.filter(([, , p]) => p.kind === 'child').length).toBeGreaterThan(60);
  });

  it.each(cases)('%s: %s', (_id, _name, source, example) => {
    const loaded = loadPathway(source, shared);
    const preview = previewPathway(loaded, example.answers ?? {}, example.patient, new Date());
    expect(preview.refusal).toBeUndefined();
    const recommendations = preview.recommendations as unknown as Recommendation[];
    const kind = source.kind as 'triage' | 'child';
    const tier = topTier(recommendations);
    const ending = endingFor({ kind, recommendations })!;
    expect(ending.tier).toBe(tier);
    expect(ending.screen).toBe(SCREEN[kind][tier]);
    reached.set(`${kind}:${ending.screen}`, (reached.get(`${kind}:${ending.screen}`) ?? 0) + 1);
    // The route after the last section, for a patient with an email on a pathway that offers slots.
    const route = routeAfterTriage({
      kind,
      recommendations,
      freeTextEnabled: true,
      patient,
      validation: undefined,
      manualAuth: false,
      checkForAppointments: true,
    });
    if (ending.screen === 'SAFETY_CHECK') expect(route).toBe(URGENT);
    else if (ending.screen === 'ROUTINE') expect(route).toBe('/triage/your-own-words');
    else expect(route).toBe(ENDING_PATHS[ending.screen]);
    // Never a booking list straight after an urgent, pharmacy or self-care result.
    if (ending.screen !== 'ROUTINE') expect(route).not.toBe(BOOK_APPOINTMENT_PATH);
    // The ending screen has words to show: every pharmacy and self-care ending says what to do.
    const words = outcomeWords(recommendations);
    expect(words.length).toBeGreaterThan(0);
    if (ending.screen === 'PHARMACY' || ending.screen === 'SELF_CARE') expect(words.some((w) => w.advice.length > 0)).toBe(true);
  });

  it('the examples reach every ending of both kinds that the library offers', () => {
    for (const key of [
      'triage:EMERGENCY',
      'triage:SAFETY_CHECK',
      'triage:URGENT_TODAY',
      'triage:PHARMACY',
      'triage:ROUTINE',
      'triage:SELF_CARE',
      'child:EMERGENCY',
      'child:URGENT_TODAY',
      'child:ROUTINE',
    ]) {
      expect(reached.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  });
});
