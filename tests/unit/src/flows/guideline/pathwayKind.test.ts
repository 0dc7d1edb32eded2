import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cancelTarget, pathwayKind } from '../../../../../src/flows/guideline/pathwayKind';
import { classifyRequest } from '../../../../../common';
import { type Selection } from '../../../../../src/flows/guideline/journey';
import { routeAfterTriage } from '../../../../../src/flows/guideline/routeAfterTriage';
import { eligibilityGuidelines } from '../../../../../src/flows/eligibility/EligibilityMenuPage';
import { childGuidelines } from '../../../../../src/flows/child/childSearch';
import { urgentEntry, EMERGENCY_QUESTIONS_PATH, TRIAGE_SIGNPOST_PATH } from '../../../../../src/flows/guideline/safety';
import { pathwaySettings, readPathwayDocuments } from '../../../../../server/engine/settings';
import { kindOfPathway, needsTiers } from '../../../../../server/engine/hierarchy';
import { classifyTriage } from '../../../../../server/triageClassification';
import type { Recommendation } from '../../../../../src/api/engine';

const selection = (guidelineId: string, kind: Selection['kind']): Selection => ({
  guidelineId,
  kind,
  label: guidelineId,
  searchType: 'ALL_OPTIONS',
  searchTerm: '',
  searchMatches: [],
});
const selfHelp: Recommendation = {
  id: 'self-help',
  type: 'Recommendation',
  title: 'Self help',
  evidence: [],
  actions: [{ type: 'Management', managementType: 'Self help content', text: 'Rest.' }],
};

describe("pathwayKind (src/flows/guideline): the pathway document's kind, never its id", () => {
  it('reads the declared kind, whatever the id says; nothing to read counts as medical (every safety step)', () => {
    expect(pathwayKind({ kind: 'eligibility' })).toBe('eligibility');
    expect(pathwayKind({ kind: 'child' })).toBe('child');
    expect(pathwayKind(selection('Triage.Physio', 'eligibility'))).toBe('eligibility');
    expect(pathwayKind(selection('Eligibility.Physio', 'triage'))).toBe('triage');
    expect(pathwayKind({})).toBe('triage');
    expect(pathwayKind(undefined)).toBe('triage');
  });

  it("Cancel goes back to an eligibility pathway's page, home otherwise: by kind, not by id", () => {
    expect(cancelTarget(selection('Triage.Physio', 'eligibility'))).toBe('/eligibility/guideline?guideline=Triage.Physio');
    expect(cancelTarget(selection('Eligibility.Physio', 'triage'))).toBe('/');
    expect(cancelTarget(null)).toBe('/');
  });

  it('a pathway with no Eligibility. prefix that declares the eligibility kind takes the eligibility journey (and the reverse)', () => {
    const base = { recommendations: [selfHelp], freeTextEnabled: true, patient: undefined, validation: undefined, manualAuth: false };
    expect(routeAfterTriage({ ...base, kind: pathwayKind(selection('Triage.Physio', 'eligibility')) })).toBe('/eligibility/self-help');
    // Declared triage, whatever the id: its advice-only result is the self-care ending (common/endings.ts).
    expect(routeAfterTriage({ ...base, kind: pathwayKind(selection('Eligibility.Physio', 'triage')) })).toBe('/triage/self-care');
    expect(classifyRequest({ kind: 'eligibility', recommendations: [selfHelp] })).toMatchObject({
      triageRequestType: 'ELIGIBILITY_BOOKING',
      selfHelpNotification: true,
    });
    expect(classifyRequest({ kind: 'triage', recommendations: [selfHelp] }).triageRequestType).toBe('CONSULTATION_REQUEST');
    expect(classifyRequest({ kind: 'child', recommendations: [selfHelp] }).triageRequestType).toBe('CHILD_REQUEST');
    expect(urgentEntry('triage')).toBe(EMERGENCY_QUESTIONS_PATH);
    expect(urgentEntry('child')).toBe(TRIAGE_SIGNPOST_PATH);
  });

  it('the menus list the entries of their kind, whatever their ids', () => {
    const entries = [
      { guidelineId: 'Triage.Physio', kind: 'eligibility', label: 'Physio', shortDescription: '' },
      { guidelineId: 'Eligibility.Flu', kind: 'triage', label: 'Flu', shortDescription: '' },
      { guidelineId: 'Eligibility.Bloods', label: 'Bloods (no kind)', shortDescription: '' },
      { guidelineId: 'Triage.Rash', kind: 'child', label: 'Rash', shortDescription: '' },
    ];
    expect(eligibilityGuidelines(entries).map((g) => g.guidelineId)).toEqual(['Triage.Physio']);
    expect(childGuidelines(entries).map((g) => g.guidelineId)).toEqual(['Triage.Rash']);
  });

  it("the server's lists that name pathways follow each document's kind, and carry it", () => {
    const library = readPathwayDocuments(path.resolve(__dirname, '../../../../../schemas/questionnaires'));
    const physio = library.find((p) => p.guidelineId === 'Eligibility.FirstContactPhysio')!;
    const fever = library.find((p) => p.guidelineId === 'Form.U16.Fever')!;
    const lists = pathwaySettings([
      { ...physio, guidelineId: 'Triage.PhysioRenamed' },
      { ...fever, guidelineId: 'Triage.FeverRenamed' },
      { ...physio, guidelineId: 'Eligibility.NowMedical', kind: 'triage' },
    ]);
    expect(lists.eligibilityGuidelines.map((g) => [g.guidelineId, g.kind])).toEqual([['Triage.PhysioRenamed', 'eligibility']]);
    expect(lists.childGuidelines.map((g) => [g.guidelineId, g.kind])).toEqual([['Triage.FeverRenamed', 'child']]);
    expect(Object.values(lists.triageMapping).map((g) => [g.guidelineId, g.kind])).toEqual([['Eligibility.NowMedical', 'triage']]);
  });

  it('every pathway document declares its kind', () => {
    const library = readPathwayDocuments(path.resolve(__dirname, '../../../../../schemas/questionnaires'));
    expect(library.length).toBeGreaterThan(0);
    expect(library.filter((p) => !['triage', 'eligibility', 'child'].includes(p.kind)).map((p) => p.guidelineId)).toEqual([]);
  });

  it("the server's checks and classification go by the document's kind too, whatever the id says", () => {
    const library = readPathwayDocuments(path.resolve(__dirname, '../../../../../schemas/questionnaires'));
    const physio = library.find((p) => p.guidelineId === 'Eligibility.FirstContactPhysio')!;
    const renamed = { ...physio, guidelineId: 'Triage.PhysioRenamed' };
    expect(kindOfPathway(renamed)).toBe('eligibility');
    // An eligibility pathway names no tiers and need not open with the life-threatening check.
    expect(needsTiers(renamed)).toBe(false);
    expect(needsTiers({ ...physio, kind: 'triage' })).toBe(true);
    expect(classifyTriage({ kind: kindOfPathway(renamed), recommendations: [] })).toBe('ELIGIBILITY_BOOKING');
    expect(classifyTriage({ kind: kindOfPathway({ guidelineId: 'Eligibility.NoKind' }), recommendations: [] })).toBe('CONSULTATION_REQUEST');
  });

  it('no file in server/ reads the kind from the id prefix', () => {
    const server = path.resolve(__dirname, '../../../../../server');
    const found = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ts$/.test(f))
      .filter((f) => /startsWith\(['"](Eligibility|Form\.U16|Triage)/.test(readFileSync(path.join(server, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('no other file in src/ reads the kind from the id prefix', () => {
    const src = path.resolve(__dirname, '../../../../../src');
    const found = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => /startsWith\(['"](Eligibility|Form\.U16|Triage)/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
