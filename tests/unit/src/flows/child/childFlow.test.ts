import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../../../../renderer/core/index';
import CHILD_PROXY from '../../../../../generated/forms/CHILD_PROXY';
import CHILD_EMERGENCY_0_12_WEEKS from '../../../../../generated/forms/CHILD_EMERGENCY_0_12_WEEKS';
import CHILD_EMERGENCY_3_6_MONTHS from '../../../../../generated/forms/CHILD_EMERGENCY_3_6_MONTHS';
import CHILD_EMERGENCY_6_12_MONTHS from '../../../../../generated/forms/CHILD_EMERGENCY_6_12_MONTHS';
import CHILD_EMERGENCY_12_42_MONTHS from '../../../../../generated/forms/CHILD_EMERGENCY_12_42_MONTHS';
import CHILD_EMERGENCY_3_5_10_YEARS from '../../../../../generated/forms/CHILD_EMERGENCY_3_5_10_YEARS';
import CHILD_EMERGENCY_10_15_YEARS from '../../../../../generated/forms/CHILD_EMERGENCY_10_15_YEARS';
import type { FormDocument } from '../../../../../renderer/index';
import { anyTicked, checklistFor, checklistPage, childAge, isChildAge, toChildProxy, type ChecklistBand } from '../../../../../src/flows/child/childFlow';
import { CHILD_SOMETHING_ELSE_ID, childGuidelines, childSearch } from '../../../../../src/flows/child/childSearch';
import PATIENT_DETAILS from '../../../../../generated/forms/PATIENT_DETAILS';
import CONTACT_DETAILS from '../../../../../generated/forms/CONTACT_DETAILS';
import { needLabelForChild, CHILD_DETAILS_WORDS, OWN_NUMBER_FOR_CHILD } from '../../../../../src/flows/guideline/childWords';
import { pathwaySettings, readPathwayDocuments } from '../../../../../server/engine/settings';
import { TIER_LEAD, tierLead } from '../../../../../common';

const TODAY = new Date('2026-11-23T12:00:00Z');
/** The checklist documents by id, as the server serves them (the app loads them by checklistFor's formId). */
const CHECKLISTS: Record<string, FormDocument> = {
  CHILD_EMERGENCY_0_12_WEEKS,
  CHILD_EMERGENCY_3_6_MONTHS,
  CHILD_EMERGENCY_6_12_MONTHS,
  CHILD_EMERGENCY_12_42_MONTHS,
  CHILD_EMERGENCY_3_5_10_YEARS,
  CHILD_EMERGENCY_10_15_YEARS,
};
const documentOf = (band: ChecklistBand): FormDocument => CHECKLISTS[band.formId]!;
/** A date of birth `n` units before TODAY. */
function born(days: number): string {
  return new Date(TODAY.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}
function monthsAgo(months: number, extraDays = 0): string {
  const d = new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth() - months, TODAY.getUTCDate() - extraDays));
  return d.toISOString().slice(0, 10);
}
function text(band: ChecklistBand['band']): string {
  const doc = documentOf(
    checklistFor(
      {
        '0-12 weeks': born(20),
        '3-6 months': monthsAgo(4),
        '6-12 months': monthsAgo(8),
        '12-42 months': monthsAgo(24),
        '3.5-10 years': monthsAgo(72),
        '10-15 years': monthsAgo(150),
      }[band],
      TODAY,
    ),
  );
  return JSON.stringify(doc);
}
const ALL: ChecklistBand['band'][] = ['0-12 weeks', '3-6 months', '6-12 months', '12-42 months', '3.5-10 years', '10-15 years'];

describe('which emergency checklist a child gets', () => {
  it.each([
    ['12 weeks 6 days', born(12 * 7 + 6), '0-12 weeks'],
    ['13 weeks', born(13 * 7), '3-6 months'],
    ['5 months', monthsAgo(5), '3-6 months'],
    ['6 months', monthsAgo(6), '6-12 months'],
    ['11 months', monthsAgo(11), '6-12 months'],
    ['12 months', monthsAgo(12), '12-42 months'],
    ['2 years', monthsAgo(24), '12-42 months'],
    ['42 months', monthsAgo(42), '12-42 months'],
    ['43 months', monthsAgo(43), '3.5-10 years'],
    ['9 years', monthsAgo(9 * 12 + 11), '3.5-10 years'],
    ['10 years', monthsAgo(120), '10-15 years'],
    ['15 years', monthsAgo(15 * 12 + 11), '10-15 years'],
  ])('%s → %s', (_name, dob, band) => {
    expect(checklistFor(dob, TODAY).band).toBe(band);
  });

  it('changes the related link at 43 months', () => {
    const links = (dob: string) => JSON.stringify(documentOf(checklistFor(dob, TODAY)).pages.map((p) => p.contentAfter));
    expect(links(monthsAgo(42, 27))).toContain('https://www.nhs.uk/baby/health/');
    expect(links(monthsAgo(43))).not.toContain('https://www.nhs.uk/baby/health/');
    expect(links(monthsAgo(43))).toContain('when-to-go-to-ae');
  });

  it('puts the thresholds in the right age bands', () => {
    const where = (needle: string) => ALL.filter((b) => text(b).includes(needle));
    expect(where('not fed for 6 hours')).toEqual(['0-12 weeks']);
    expect(where('for 12 hours or more')).toEqual(expect.arrayContaining(['3-6 months', '6-12 months']));
    expect(where('not fed for 6 hours')).not.toContain('3-6 months');
    // A baby of 3 to 6 months who has not fed for 8 hours is an emergency (12 hours was too lax).
    expect(where('not had a feed for 8 hours')).toEqual(['3-6 months']);
    expect(where('not had a feed or drink for 12 hours')).toEqual(['6-12 months']);
    expect(where('over 37.5°C')).toEqual(['0-12 weeks']);
    expect(where('over 38°C')).toEqual(['3-6 months', '6-12 months']);
    expect(where('more than 8 puffs')).toEqual(['12-42 months', '3.5-10 years', '10-15 years']);
    expect(where('more than 6 times in 24 hours')).toEqual(['3-6 months', '6-12 months', '12-42 months', '3.5-10 years']);
    expect(where('larger than a 50p coin')).toEqual(['6-12 months', '12-42 months', '3.5-10 years', '10-15 years']);
    // The youngest: any burn at all.
    expect(where('has any burn or scald')).toEqual(['0-12 weeks', '3-6 months']);
  });

  it('asks "Does {age range} need emergency care?" on every page, and is marked as demo content', () => {
    for (const band of ALL) {
      const doc = JSON.parse(text(band)) as { description: string; pages: Array<{ title: string }> };
      expect(doc.description).toContain('Illustrative demo content');
      expect(doc.pages.length).toBeGreaterThan(1);
      for (const page of doc.pages) expect(page.title).toMatch(/^Does a (baby|child) aged .+ need emergency care\?$/);
    }
  });

  it('has the NICE NG143 red features in every band under 5 (not breathing or blue, floppy or not waking, fit, a rash that does not fade, grunting or indrawing, mottled skin, stiff neck)', () => {
    for (const band of ALL.slice(0, 4)) {
      const t = text(band);
      for (const needle of ['stopped breathing', 'floppy', 'fit (seizure)', 'does not fade', 'grunting', 'blotchy', 'stiff neck'])
        expect(t, `${band}: ${needle}`).toContain(needle);
    }
    // A bulging fontanelle up to 12 months, a weak high-pitched cry up to 42 months.
    for (const band of ALL.slice(0, 3)) expect(text(band)).toContain('bulging soft spot');
    for (const band of ALL.slice(0, 4)) expect(text(band)).toContain('high-pitched, weak or constant cry');
  });

  it('says on the baby and toddler checklists that feeding much less or fewer wet nappies is seen today (the pathways ask)', () => {
    for (const band of ALL.slice(0, 4)) expect(text(band)).toContain('fewer wet nappies');
  });

  it('no hour limit on feeding, drinking or wet nappies is over 12 hours, and none over 8 hours under 3 months', () => {
    for (const band of ALL) {
      const hours = [...text(band).matchAll(/for (\d+) hours/g)].map((m) => Number(m[1]));
      for (const h of hours) expect(h, band).toBeLessThanOrEqual(12);
      if (band === '0-12 weeks') for (const h of hours) expect(h, band).toBeLessThanOrEqual(8);
    }
  });

  it('draws one page at a time as its own document', () => {
    const doc = documentOf(checklistFor(monthsAgo(24), TODAY));
    const page = checklistPage(doc, 1);
    expect(page.pages).toEqual([doc.pages[1]]);
    expect(Object.keys(page.schema.properties)).toEqual(doc.pages[1]!.fields);
  });

  it('counts a tick only when something is ticked', () => {
    expect(anyTicked(undefined)).toBe(false);
    expect(anyTicked({ page1Symptoms: [] })).toBe(false);
    expect(anyTicked({ page1Symptoms: ['fit'] })).toBe(true);
  });
});

describe('the child age gate', () => {
  it('lets in ages 0 to 15 and nothing else', () => {
    expect(isChildAge(childAge(monthsAgo(1), TODAY))).toBe(true);
    expect(isChildAge(childAge(monthsAgo(15 * 12 + 11), TODAY))).toBe(true);
    expect(isChildAge(childAge(monthsAgo(16 * 12), TODAY))).toBe(false);
    expect(isChildAge(childAge('1985-04-12', TODAY))).toBe(false);
    expect(isChildAge(childAge('not a date', TODAY))).toBe(false);
    expect(isChildAge(childAge(undefined, TODAY))).toBe(false);
    expect(isChildAge(childAge('2030-01-01', TODAY))).toBe(false);
  });
});

describe('the child proxy', () => {
  it('keeps the full name unless the person is the child, and Other as toChildRelation', () => {
    expect(toChildProxy({ relation: 'Parent', fullName: ' Amelia Testwell ' })).toEqual({ relation: 'Parent', fullName: 'Amelia Testwell' });
    expect(toChildProxy({ relation: 'I am the child (patient)', fullName: 'stale' })).toEqual({ relation: 'I am the child (patient)' });
    expect(toChildProxy({ relation: 'Other', otherRelation: 'Grandmother', fullName: 'Ann Smith' })).toEqual({
      relation: 'Other',
      toChildRelation: 'Grandmother',
      fullName: 'Ann Smith',
    });
  });

  it('hides "I am the child (patient)" under age 9', () => {
    const offered = (childAge: number) => [...(compileDocument(CHILD_PROXY).evaluate({}, { childAge }).options.get('relation') ?? [])];
    expect(offered(8)).not.toContain('I am the child (patient)');
    expect(offered(8)).toEqual(expect.arrayContaining(['Parent', 'Legal guardian', 'Other']));
    expect(offered(9)).toContain('I am the child (patient)');
  });
});

describe('the child menu', () => {
  it('lists only child pathways, by label', () => {
    const list = childGuidelines([
      { guidelineId: 'Form.U16.Rash', kind: 'child', label: 'Rash or spots' },
      { guidelineId: 'Triage.Headache', kind: 'triage', label: 'Headache' },
      { guidelineId: 'Form.U16.EarPain', kind: 'child', label: 'Ear pain' },
      { label: 'broken' },
    ]);
    expect(list.map((g) => g.guidelineId)).toEqual(['Form.U16.EarPain', 'Form.U16.Rash']);
  });

  it('offers a child only the pathways whose ages take them', () => {
    const raw = [
      { guidelineId: 'Form.U16.Feeding', kind: 'child', label: 'Feeding problems in babies', maxAge: 2 },
      { guidelineId: 'Form.U16.Rash', kind: 'child', label: 'Rash or spots', maxAge: 15 },
      { guidelineId: 'Form.U16.Teen', kind: 'child', label: 'Teen', minAge: 12 },
    ];
    expect(childGuidelines(raw, 0).map((g) => g.guidelineId)).toEqual(['Form.U16.Feeding', 'Form.U16.Rash']);
    expect(childGuidelines(raw, 10).map((g) => g.guidelineId)).toEqual(['Form.U16.Rash']);
    expect(childGuidelines(raw, 13).map((g) => g.guidelineId)).toEqual(['Form.U16.Rash', 'Form.U16.Teen']);
    expect(childGuidelines(raw).length).toBe(3);
  });
});

describe('the child symptom search', () => {
  const options = childGuidelines(pathwaySettings(readPathwayDocuments('schemas/questionnaires')).childGuidelines);
  const engine = childSearch(options);
  const top3 = (words: string) => {
    const outcome = engine.search(words);
    return outcome.kind === 'results' ? [...outcome.matches, ...outcome.similar].slice(0, 3).map((m) => m.entry.guidelineId) : [];
  };

  it('offers at least 12 child pathways, each with synonyms and an NHS page', () => {
    expect(options.length).toBeGreaterThanOrEqual(12);
    for (const o of options) expect(o.symptoms!.length, o.guidelineId).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['not feeding', 'Form.U16.Feeding'],
    ['wont feed', 'Form.U16.Feeding'],
    ['baby refusing bottle', 'Form.U16.Feeding'],
    ['fewer wet nappies', 'Form.U16.Feeding'],
    ['high temperature', 'Form.U16.Fever'],
    ['temprature', 'Form.U16.Fever'],
    ['struggling to breathe', 'Form.U16.BreathingDifficulty'],
    ['asthma attack', 'Form.U16.BreathingDifficulty'],
    ['bumped head', 'Form.U16.HeadInjury'],
    ['fell and hit his head', 'Form.U16.HeadInjury'],
    ['constipated', 'Form.U16.Constipation'],
    ['consipation', 'Form.U16.Constipation'],
    ['sore throat', 'Form.U16.SoreThroat'],
    ['tonsilitis', 'Form.U16.SoreThroat'],
    ['excema', 'Form.U16.SkinProblems'],
    ['head lice', 'Form.U16.HeadLice'],
    ['tummy ache', 'Form.U16.TummyPain'],
    ['stomache ache', 'Form.U16.TummyPain'],
    ['hurts to wee', 'Form.U16.UrineProblems'],
    ['water infection', 'Form.U16.UrineProblems'],
    ['sticky eye', 'Form.U16.EyeProblems'],
    ['conjuctivitis', 'Form.U16.EyeProblems'],
    ['sprained ankle', 'Form.U16.MinorInjury'],
    ['dog bite', 'Form.U16.MinorInjury'],
    ['earache', 'Form.U16.EarPain'],
    ['throwing up', 'Form.U16.DiarrhoeaVomiting'],
    ['chicken pox', 'Form.U16.Chickenpox'],
    ['barking cough', 'Form.U16.Croup'],
    ['threadworms', 'Form.U16.Threadworms'],
    ['worms in his poo', 'Form.U16.Threadworms'],
    ['itchy bum at night', 'Form.U16.Threadworms'],
    ['teething', 'Form.U16.Teething'],
    ['teefing', 'Form.U16.Teething'],
    ['new tooth coming through', 'Form.U16.Teething'],
    ['swallowed a coin', 'Form.U16.SwallowedSomething'],
    ['swallowed a button battery', 'Form.U16.SwallowedSomething'],
    ['ate my tablets', 'Form.U16.SwallowedSomething'],
    ['drank bleach', 'Form.U16.SwallowedSomething'],
    ['she swallowed a magnet', 'Form.U16.SwallowedSomething'],
  ])('"%s" shows %s in the top 3', (words, id) => {
    expect(top3(words)).toContain(id);
  });

  // A parent's words for a time-critical sign that found an unrelated pathway first, or nothing:
  // each shows the pathway whose first questions catch it (testicle pain and blood in the poo
  // go to A&E or same day; the breathing one also shows the 999 card, src/screening).
  it.each([
    ['pain in his testicle', 'Form.U16.TummyPain'],
    ['swollen testicle', 'Form.U16.TummyPain'],
    ['sucking in under ribs', 'Form.U16.BreathingDifficulty'],
    ['dry nappies', 'Form.U16.DiarrhoeaVomiting'],
    ['bleeding from bum', 'Form.U16.Constipation'],
    ['limping', 'Form.U16.MinorInjury'],
    ['wont walk on leg', 'Form.U16.MinorInjury'],
  ])('"%s" shows %s first', (words, id) => {
    expect(top3(words)[0], JSON.stringify(top3(words))).toBe(id);
  });

  it('never offers "something else" as a result: it is offered on its own', () => {
    expect(options.some((o) => o.guidelineId === CHILD_SOMETHING_ELSE_ID)).toBe(true);
    for (const words of ['something else', 'not sure', 'worried about my baby']) expect(top3(words)).not.toContain(CHILD_SOMETHING_ELSE_ID);
  });
});

describe('the child journey speaks to the parent', () => {
  // The documents as the server serves them, reworded for the parent.
  const CHILD_DETAILS_DOCS = { details: CHILD_DETAILS_WORDS.details(PATIENT_DETAILS), contact: CHILD_DETAILS_WORDS.contact(CONTACT_DETAILS) };
  it('heads the details "The child\'s details" and asks for the child\'s name and date of birth', () => {
    expect(CHILD_DETAILS_DOCS.details.pages[0]!.title).toBe("The child's details");
    expect(CHILD_DETAILS_DOCS.details.schema.properties.firstName!.title).toBe("The child's first name");
    expect(CHILD_DETAILS_DOCS.details.schema.properties.dateOfBirth!.title).toBe("The child's date of birth");
  });

  it('says whose number the parent gives, and keeps the fields and rules', () => {
    const type = CHILD_DETAILS_DOCS.contact.schema.properties.type!;
    expect(type.oneOf!.find((o) => o.const === 'OWN_NUMBER')!.title).toBe(OWN_NUMBER_FOR_CHILD);
    expect(Object.keys(CHILD_DETAILS_DOCS.contact.schema.properties)).toEqual(expect.arrayContaining(['emailAddress', 'phoneNumber', 'type', 'acceptance']));
    expect(CHILD_DETAILS_DOCS.contact.schema.required).toBeDefined();
  });

  it('makes "my medication" the child\'s', () => {
    expect(needLabelForChild('It is about my medication')).toBe("It is about the child's medication");
    expect(needLabelForChild('I need advice')).toBe('I need advice');
  });
});

describe("a child's self-care ending", () => {
  it('speaks of the child, not "yourself"; an adult\'s keeps its words', () => {
    expect(tierLead('SELF_CARE', 'child')).toBe('You can look after the child at home');
    expect(tierLead('SELF_CARE', 'triage')).toBe(TIER_LEAD.SELF_CARE);
  });
});
