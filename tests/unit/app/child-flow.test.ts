import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../../renderer/core/index';
import CHILD_PROXY from '../../../generated/forms/CHILD_PROXY';
import { anyTicked, checklistFor, checklistPage, childAge, isChildAge, toChildProxy, type ChecklistBand } from '../../../src/flows/child/childFlow';
import { childGuidelines } from '../../../src/flows/child/ChildMenuPage';

const TODAY = new Date('2026-11-23T12:00:00Z');
/** A date of birth `n` units before TODAY. */
function born(days: number): string {
  return new Date(TODAY.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}
function monthsAgo(months: number, extraDays = 0): string {
  const d = new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth() - months, TODAY.getUTCDate() - extraDays));
  return d.toISOString().slice(0, 10);
}
function text(band: ChecklistBand['band']): string {
  const doc = checklistFor(
    { '0-12 weeks': born(20), '3-6 months': monthsAgo(4), '6-12 months': monthsAgo(8), '12-42 months': monthsAgo(24), '3.5-10 years': monthsAgo(72), '10-15 years': monthsAgo(150) }[band],
    TODAY,
  ).document;
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
    const links = (dob: string) => JSON.stringify(checklistFor(dob, TODAY).document.pages.map((p) => p.contentAfter));
    expect(links(monthsAgo(42, 27))).toContain('https://www.nhs.uk/baby/health/');
    expect(links(monthsAgo(43))).not.toContain('https://www.nhs.uk/baby/health/');
    expect(links(monthsAgo(43))).toContain('when-to-go-to-ae');
  });

  it('puts the thresholds in the right age bands', () => {
    const where = (needle: string) => ALL.filter((b) => text(b).includes(needle));
    expect(where('not fed for 6 hours')).toEqual(['0-12 weeks']);
    expect(where('for 12 hours or more')).toEqual(expect.arrayContaining(['3-6 months', '6-12 months']));
    expect(where('not fed for 6 hours')).not.toContain('3-6 months');
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

  it('draws one page at a time as its own document', () => {
    const doc = checklistFor(monthsAgo(24), TODAY).document;
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
    expect(toChildProxy({ relation: 'Other', otherRelation: 'Grandmother', fullName: 'Ann Smith' })).toEqual({ relation: 'Other', toChildRelation: 'Grandmother', fullName: 'Ann Smith' });
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
      { guidelineId: 'Form.U16.Rash', label: 'Rash or spots' },
      { guidelineId: 'Triage.Headache', label: 'Headache' },
      { guidelineId: 'Form.U16.EarPain', label: 'Ear pain' },
      { label: 'broken' },
    ]);
    expect(list.map((g) => g.guidelineId)).toEqual(['Form.U16.EarPain', 'Form.U16.Rash']);
  });
});
