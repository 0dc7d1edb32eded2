// Settings that name pathways, generated from the pathway documents so the two never drift
// (schemas/questionnaires/README.md, "Settings that name pathways"): the symptom-search index
// `patient-app.triageMapping`, `shared.eligibilityGuidelines`, `shared.childGuidelines`, and the
// AI-led pathways.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Pathway } from './pathway.js';

import type { TriageMappingEntry } from '../../generated/types/api/patient-app-settings';
import type { GuidelineListEntry } from '../../generated/types/api/shared-settings';

// The entries are the contract's (patient-app triageMapping, shared eligibility/childGuidelines).
export interface PathwaySettings {
  triageMapping: Record<string, TriageMappingEntry>;
  eligibilityGuidelines: GuidelineListEntry[];
  childGuidelines: GuidelineListEntry[];
  aiLedGuidelineIds: string[];
}

/** The pathway documents of a folder, sorted by guidelineId; unreadable files are skipped (schemas:check names them). */
export function readPathwayDocuments(dir: string): Pathway[] {
  if (!existsSync(dir)) return [];
  const out: Pathway[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    try {
      const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Pathway;
      if (typeof doc.guidelineId === 'string' && typeof doc.label === 'string') out.push(doc);
    } catch {
      // a broken document is reported by npm run schemas:check and at server start
    }
  }
  return out.sort((a, b) => (a.guidelineId < b.guidelineId ? -1 : 1));
}

const listEntry = (p: Pathway): GuidelineListEntry => ({
  guidelineId: p.guidelineId,
  kind: p.kind,
  label: p.label,
  shortDescription: p.shortDescription,
  suitableFor: p.suitableFor,
  notSuitableFor: p.notSuitableFor,
});

/** Every symptom label and synonym of a pathway, each once, in document order. */
function symptomWords(p: Pathway): string[] {
  const words: string[] = [];
  for (const s of p.symptoms) for (const w of [s.label, ...(s.synonyms ?? [])]) if (!words.includes(w)) words.push(w);
  return words;
}

/** Enabled pathways only: a disabled one is neither searched nor listed. Each list holds the pathways of one kind (the document's `kind`, not its id). */
export function pathwaySettings(pathways: readonly Pathway[]): PathwaySettings {
  const enabled = pathways.filter((p) => !p.disabled);
  const triageMapping: Record<string, TriageMappingEntry> = {};
  for (const p of enabled.filter((x) => x.kind === 'triage')) {
    triageMapping[p.guidelineId] = {
      guidelineId: p.guidelineId,
      kind: p.kind,
      label: p.label,
      symptoms: symptomWords(p),
      suitableFor: p.suitableFor,
      notSuitableFor: p.notSuitableFor,
      ...(p.restrictions?.sexAtBirth ? { sexAtBirth: p.restrictions.sexAtBirth } : {}),
    };
  }
  return {
    triageMapping,
    eligibilityGuidelines: enabled.filter((p) => p.kind === 'eligibility').map(listEntry),
    childGuidelines: enabled
      .filter((p) => p.kind === 'child')
      .map((p) => ({
        ...listEntry(p),
        symptoms: symptomWords(p),
        ...(typeof p.restrictions?.minAge === 'number' ? { minAge: p.restrictions.minAge } : {}),
        ...(typeof p.restrictions?.maxAge === 'number' ? { maxAge: p.restrictions.maxAge } : {}),
        ...(p.restrictions?.sexAtBirth ? { sexAtBirth: p.restrictions.sexAtBirth } : {}),
      })),
    aiLedGuidelineIds: enabled.filter((p) => p.isAiLedGuideline).map((p) => p.guidelineId),
  };
}
