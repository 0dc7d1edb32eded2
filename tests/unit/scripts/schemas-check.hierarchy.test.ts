// `npm run schemas:check` enforces the clinical hierarchy (schemas/questionnaires/README.md,
// "Clinical hierarchy"): each fixture of tests/fixtures/broken-hierarchy (made by its make.py)
// breaks one rule, and the report names the file, the JSON path and what was expected.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../../../scripts/schemas-check';

const root = path.resolve(__dirname, '../../..');
const dir = 'tests/fixtures/broken-hierarchy';
const TIERS = 'CALL_999, AE_NOW, URGENT_TODAY, PHARMACY, ROUTINE, SELF_CARE';
const line = (file: string, rest: string) => `${dir}/${file}: ${rest}`;

const EXPECTED: Record<string, string[]> = {
  'Triage.NoSharedFirst.json': [
    line('Triage.NoSharedFirst.json', '/sections/0: a triage pathway runs the shared life-threatening section first: { "use": "LifeThreatening" }'),
  ],
  'Triage.UnknownShared.json': [
    line('Triage.UnknownShared.json', '/sections/0/use: "LifeThreatning" is not a shared section of schemas/questionnaires/shared (LifeThreatening)'),
    line('Triage.UnknownShared.json', '/sections/0: a triage pathway runs the shared life-threatening section first: { "use": "LifeThreatening" }'),
  ],
  'Triage.NoTier.json': [line('Triage.NoTier.json', `/outcomes/1/recommendation/tier: every outcome names a tier (${TIERS})`)],
  'Form.U16.NoTier.json': [
    line('Form.U16.NoTier.json', `/outcomes/0/recommendation/tier: every outcome names a tier (${TIERS})`),
    // Child pathways carry the library metadata too (the child search reads the same words).
    line('Form.U16.NoTier.json', '/nhsUrl: a child pathway names its NHS website page: nhsUrl "https://www.nhs.uk/…"'),
  ],
  'Triage.TierReferral.json': [
    line(
      'Triage.TierReferral.json',
      '/outcomes/0/recommendation/actions/0/referralId: an URGENT_TODAY outcome refers with ref-urgent-callback or ref-same-day (found "ref-routine")',
    ),
    line('Triage.TierReferral.json', '/outcomes/1/recommendation/actions/0/referralId: a SELF_CARE outcome refers with no referral (found "ref-routine")'),
    line(
      'Triage.TierReferral.json',
      '/outcomes/1/recommendation/actions: a SELF_CARE outcome\'s screen is its advice, and this one has none to show: add { "type": "Management", "managementType": "Self help content", "text": "what to do, and when to get help", "links": [...] }',
    ),
  ],
  'Triage.NoNhsUrl.json': [line('Triage.NoNhsUrl.json', '/nhsUrl: a triage pathway names its NHS website page: nhsUrl "https://www.nhs.uk/…"')],
  'Triage.BadNhsUrl.json': [
    line('Triage.BadNhsUrl.json', '/nhsUrl: nhsUrl is the NHS website page for the condition, https://www.nhs.uk/… (found "https://www.example.com/headache")'),
  ],
  'Triage.FewSynonyms.json': [
    line('Triage.FewSynonyms.json', '/symptoms: a triage pathway lists at least 8 synonyms across symptoms[].synonyms, the words patients use (found 5)'),
  ],
  'Triage.OwnLtField.json': [
    line(
      'Triage.OwnLtField.json',
      '/sections/1/document/schema/properties/ltWorse: field names starting "lt" are kept for the shared life-threatening section: rename "ltWorse"',
    ),
  ],
  'Triage.PharmacyNoCriteria.json': [
    line(
      'Triage.PharmacyNoCriteria.json',
      '/outcomes/1/recommendation/tier: a PHARMACY outcome needs the pathway\'s pharmacyFirst criteria ({ "condition", "minAge", … })',
    ),
  ],
  'Triage.PharmacyBadCriteria.json': [
    line(
      'Triage.PharmacyBadCriteria.json',
      '/outcomes/1/recommendation/actions: a PHARMACY outcome has a "Signpost copy" action linking to https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy',
    ),
    line('Triage.PharmacyBadCriteria.json', '/pharmacyFirst/maxAge: maxAge 12 is below minAge 16'),
    line(
      'Triage.PharmacyBadCriteria.json',
      '/outcomes/1/when: a PHARMACY outcome is reached only from pharmacyFirst.minAge: its when has { "parameter": "patientAge", "operator": "GTE", "answer": 16 }',
    ),
    line(
      'Triage.PharmacyBadCriteria.json',
      '/outcomes/1/when: a PHARMACY outcome is reached only up to pharmacyFirst.maxAge: its when has { "parameter": "patientAge", "operator": "LTE", "answer": 12 }',
    ),
    line(
      'Triage.PharmacyBadCriteria.json',
      '/outcomes/1/when: a PHARMACY outcome of a female-only Pharmacy First condition has { "parameter": "sexAtBirth", "operator": "EQ", "answer": "female" } (or the pathway is restricted to sexAtBirth female)',
    ),
  ],
  'Triage.PharmacyUnknownCondition.json': [
    line(
      'Triage.PharmacyUnknownCondition.json',
      '/pharmacyFirst/condition: must be one of: "sinusitis", "sore-throat", "earache", "infected-insect-bite", "impetigo", "shingles", "uti-women", "minor-illness" (found "headache")',
    ),
  ],
  'shared/BadShared.json': [
    line('shared/BadShared.json', '/outcomes/1/id: a shared section\'s outcome ids start with "lt-" (found "stroke")'),
    line('shared/BadShared.json', `/outcomes/0/recommendation/tier: every outcome names a tier (${TIERS})`),
    line('shared/BadShared.json', '/outcomes/1/recommendation/actions/0/referralId: an AE_NOW outcome refers with ref-ae (found "ref-emergency")'),
  ],
};

describe('schemas:check enforces the clinical hierarchy', () => {
  it.each(Object.entries(EXPECTED))('reports exactly what is wrong with %s', (file, expected) => {
    expect(checkFiles([path.join(root, dir, file)], root)).toEqual({ checked: 1, problems: expected });
  });

  it('a synonym in two triage pathways is reported in both, unless both list it in sharedSynonyms', () => {
    const files = ['Triage.SynonymClashA.json', 'Triage.SynonymClashB.json'].map((f) => path.join(root, dir, f));
    expect(checkFiles(files, root).problems).toEqual([
      line(
        'Triage.SynonymClashA.json',
        '/symptoms/0/synonyms/0: "fixture clash word" is also a synonym of Triage.SynonymClashB: a synonym belongs to one pathway, unless both list it in sharedSynonyms',
      ),
      line(
        'Triage.SynonymClashB.json',
        '/symptoms/0/synonyms/0: "fixture clash word" is also a synonym of Triage.SynonymClashA: a synonym belongs to one pathway, unless both list it in sharedSynonyms',
      ),
    ]);
  });

  it("a file checked on its own is compared with the library's synonyms", () => {
    expect(checkFiles([path.join(root, dir, 'Triage.LibraryClash.json')], root).problems).toEqual([
      line(
        'Triage.LibraryClash.json',
        '/symptoms/0/synonyms/3: "head ache" is also a synonym of Triage.Headache: a synonym belongs to one pathway, unless both list it in sharedSynonyms',
      ),
    ]);
  });

  it('passes a pathway that follows the hierarchy, a Pharmacy First one, and an eligibility pathway without tiers', () => {
    const files = ['Triage.HierarchyOk.json', 'Triage.PharmacyOk.json', 'Eligibility.NoTiersOk.json'].map((f) => path.join(root, dir, f));
    expect(checkFiles(files, root)).toEqual({ checked: 3, problems: [] });
  });
});
