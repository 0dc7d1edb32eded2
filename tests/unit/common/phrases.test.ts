// The emergency phrase list (schemas/emergency-phrases.json) read by the matcher
// (common/phrases.ts): every example the document carries runs here, and so do the
// phrasings below, written the way unwell patients type (misspellings, no punctuation,
// curly apostrophes, negation in the same clause or not).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePhraseList, screenText, screenTexts, type PhraseListDocument } from '../../../common';
import { checkFiles } from '../../../scripts/schemas-check';

const root = path.resolve(__dirname, '../../..');
const doc = JSON.parse(readFileSync(path.join(root, 'schemas/emergency-phrases.json'), 'utf8')) as PhraseListDocument;
const list = compilePhraseList(doc);
const ids = (text: string) => screenText(text, list).map((m) => m.entryId);

const docPositives = doc.entries.flatMap((e) => e.examples.match.map((text) => [e.id, text] as const));
const docNegatives = doc.entries.flatMap((e) => e.examples.noMatch.map((text) => [e.id, text] as const));

describe("the document's own examples", () => {
  it('has at least 60 texts that must match and 30 that must not', () => {
    expect(docPositives.length).toBeGreaterThanOrEqual(60);
    expect(docNegatives.length).toBeGreaterThanOrEqual(30);
  });
  it.each(docPositives)('%s matches "%s"', (id, text) => {
    expect(ids(text)).toContain(id);
  });
  it.each(docNegatives)('(%s) "%s" matches nothing', (_id, text) => {
    expect(screenText(text, list)).toEqual([]);
  });
});

// Patients' phrasings beyond the document's examples: [text, entry it must match].
const POSITIVE: Array<[string, string]> = [
  ["I've been vomiting blood since this morning", 'vomiting-blood'],
  ['Ive been vomitting blod since this morning', 'vomiting-blood'],
  ['i been throwing up blood all night', 'vomiting-blood'],
  ['brought up blood when i coughed', 'vomiting-blood'],
  ['my sick has blood in it', 'vomiting-blood'],
  ['poo black like tar for 2 days', 'black-stools'],
  ['chest pains', 'chest-pain'],
  ['tight chest', 'chest-pain'],
  ['CHEST TIGHTNESS', 'chest-pain'],
  ['my chest hurts when I breathe in', 'chest-pain'],
  ['pressure in my chest and sweating', 'chest-pain'],
  ['No. I have chest pain', 'chest-pain'],
  ['no i have chest pain since 6am', 'chest-pain'],
  ["I'm not sure if it's chest pain or indigestion", 'chest-pain'],
  ["I don't know why but my chest is crushing", 'chest-pain'],
  ['headache, no fever, chest pain', 'chest-pain'],
  ['no fever but chest pain', 'chest-pain'],
  ['can’t breathe', 'cant-breathe'],
  ['CANT BREATHE!!!', 'cant-breathe'],
  ['i can not breath', 'cant-breathe'],
  ['struggling to get my breath', 'cant-breathe'],
  ['my baby is struggling to breathe', 'cant-breathe'],
  ['lips turning blue', 'blue-lips'],
  ['face drooping on the left', 'stroke'],
  ['her face has fallen on one side', 'stroke'],
  ['his speech is slurred and his arm is weak', 'stroke'],
  ['sudden weakness in my left leg', 'stroke'],
  ['I think my dad is having a stroke', 'stroke'],
  ['seizure', 'seizure'],
  ['my daughter had a fit and is very sleepy', 'seizure'],
  ['she keeps having seizures', 'seizure'],
  ['collapsed at home', 'collapse'],
  ['found him unconscious', 'collapse'],
  ['my throat feels like it is closing', 'anaphylaxis'],
  ['tounge swollen after a new medicine', 'anaphylaxis'],
  ['cut my hand and the bleeding will not stop', 'bleeding-wont-stop'],
  ['blood is gushing from the wound', 'bleeding-wont-stop'],
  ['suddenly lost vision in my right eye', 'sudden-vision-loss'],
  ['I want to die', 'suicide'],
  ['want to die', 'suicide'],
  ['I dont want to live anymore', 'suicide'],
  ['i feel like ending it all', 'suicide'],
  ['I have been having suicidal thoughts', 'suicide'],
  ['I do not want to be alive', 'suicide'],
  ["I'm going to kill my self", 'suicide'],
  ['I have a plan to kill myself', 'suicide'],
  ['took an overdose of paracetemol', 'overdose'],
  ['I have been cutting myself', 'self-harm'],
  ['self-harm', 'self-harm'],
  ['8 weeks pregnant with heavy bleeding', 'pregnancy-bleeding'],
  ["I'm pregnant and have bad cramps", 'pregnancy-bleeding'],
  ['worst headache of my life came on suddenly', 'worst-headache'],
  ['headache like being hit on the head, worst headache ever', 'worst-headache'],
  ['stiff neck and I cannot look at the light', 'stiff-neck-rash'],
  ['rash that does not fade when I press a glass on it', 'meningitis'],
  ['meningitis', 'meningitis'],
  ['I think I have sepsis', 'sepsis'],
  ['my baby is floppy and not feeding', 'baby-floppy'],
  ['baby not responding to me', 'baby-floppy'],
  ['high temperature and shivering for 3 days', 'high-fever'],
  ['Temperature of 39.8', 'high-fever'],
  ["I'm really short of breath", 'breathless'],
  ['He is not breathing', 'cant-breathe'],
  ['my son has stopped breathing', 'cant-breathe'],
];

// Texts that must not match anything: negated in their clause, or a harmless use of the words.
const NEGATIVE: string[] = [
  'no chest pain',
  'No chest pain.',
  "I don't have chest pain",
  'I do not have chest pain',
  'I dont have any chest pain',
  'denies chest pain',
  'cough without chest pain',
  'not vomiting blood',
  "I'm not vomiting blood",
  'no blood in my sick',
  'no shortness of breath and no chest pain',
  'never had a seizure',
  'I have not collapsed',
  'no slurred speech or face drooping',
  'no self harm or suicidal thoughts',
  'not suicidal',
  'I need a fit note for work',
  'Please can I have my blood test results',
  'repeat prescription for my inhaler',
  'I would like to change my address',
  'sore throat for 3 days',
  'my cough is getting better',
  'I have a rash on my arm',
  'back pain after lifting',
  'can I book a smear test',
  'heavy periods for months',
  'mild headache since yesterday',
  'I am sick of waiting for my referral',
  'chest infection, coughing green phlegm',
  'I had a stroke in 2019 and need my medication review',
  'blocked nose, cant breathe through my nose at night',
  'my hair is going grey',
  "I'm keeping fit but my knee hurts",
];

describe('patients’ own phrasings', () => {
  it('has at least 60 more texts that match and 30 that do not', () => {
    expect(POSITIVE.length).toBeGreaterThanOrEqual(60);
    expect(NEGATIVE.length).toBeGreaterThanOrEqual(30);
  });
  it.each(POSITIVE)('"%s" matches %s', (text, id) => {
    expect(ids(text)).toContain(id);
  });
  it.each(NEGATIVE)('"%s" matches nothing', (text) => {
    expect(screenText(text, list)).toEqual([]);
  });
});

describe('what a match says', () => {
  it('gives the words as the patient typed them, the tier, the crisis flag and a plain label', () => {
    expect(screenText('Since lunch — CHEST  Pian, and sweating', list)).toEqual([
      { entryId: 'chest-pain', words: 'CHEST  Pian', tier: 'CALL_999', crisis: false, label: 'chest pain or tightness' },
    ]);
    expect(screenText('i wanna die', list)).toEqual([{ entryId: 'suicide', words: 'wanna die', tier: 'CALL_999', crisis: true, label: 'thoughts of suicide' }]);
  });
  it('puts the most urgent first, crisis first within a tier', () => {
    const found = screenText('high temperature and vomiting blood and I want to die and chest pain', list);
    expect(found.map((m) => m.tier)).toEqual(['CALL_999', 'CALL_999', 'AE_NOW', 'URGENT_TODAY']);
    expect(found[0]).toMatchObject({ entryId: 'suicide', crisis: true });
  });
  it('negation stays in its clause: "no, I have chest pain" and "chest pain but no fever" match, "no chest pain" does not', () => {
    expect(ids('no, I have chest pain')).toEqual(['chest-pain']);
    expect(ids('chest pain but no fever')).toEqual(['chest-pain']);
    expect(ids('no chest pain')).toEqual([]);
    expect(ids('no fever, chest pain')).toEqual(['chest-pain']);
  });
  it('an entry with alongside words needs both (pregnant + bleeding)', () => {
    expect(ids('I am pregnant')).toEqual([]);
    expect(ids('I am bleeding from a cut on my finger')).toEqual([]);
    expect(screenText('I am pregnant. Since this morning I have been bleeding', list)[0]).toMatchObject({
      entryId: 'pregnancy-bleeding',
      words: 'pregnant … bleeding',
    });
  });
  it('screenTexts reads several answers and reports each entry once', () => {
    const found = screenTexts(['chest pain', null, 'my chest is tight', 'want to die'], list);
    expect(found.map((m) => m.entryId)).toEqual(['suicide', 'chest-pain']);
  });
  it('empty or non-text input matches nothing', () => {
    expect(screenText('', list)).toEqual([]);
    expect(screenText(undefined, list)).toEqual([]);
    expect(screenText('   ...  ', list)).toEqual([]);
  });
  it('is quick enough to run on every keystroke of the search box', () => {
    const long = 'I have had a cough and a runny nose for a week and I feel tired. '.repeat(20);
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) screenText(long, list);
    // Generous for a shared, loaded test machine: about 1 ms here when the machine is idle.
    expect((performance.now() - t0) / 20).toBeLessThan(100);
  });
});

describe('schemas:check on the phrase list', () => {
  const write = (mutate: (d: PhraseListDocument) => void) => {
    const copy = structuredClone(doc);
    mutate(copy);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'phrases-'));
    const file = path.join(dir, 'emergency-phrases.json');
    writeFileSync(file, JSON.stringify(copy));
    return { file, shown: path.relative(root, file).split(path.sep).join('/') };
  };
  it('passes on the real document', () => {
    expect(checkFiles([path.join(root, 'schemas/emergency-phrases.json')], root)).toEqual({ checked: 1, problems: [] });
  });
  it('names the file and the JSON path of an example that does not match its entry', () => {
    const { file, shown } = write((d) => {
      d.entries[0]!.examples.match.push('my knee hurts');
    });
    const n = doc.entries[0]!.examples.match.length;
    expect(checkFiles([file], root).problems).toEqual([`${shown}: /entries/0/examples/match/${n}: "my knee hurts" must match "chest-pain" but does not`]);
  });
  it('names a noMatch example that matches, a bad tier and a bad phrase', () => {
    const { file, shown } = write((d) => {
      d.entries[1]!.examples.noMatch.push('I have chest pain');
    });
    expect(checkFiles([file], root).problems).toEqual([
      `${shown}: /entries/1/examples/noMatch/${doc.entries[1]!.examples.noMatch.length}: "I have chest pain" must match no entry but matches "chest-pain" ("chest pain")`,
    ]);
    const tier = write((d) => {
      (d.entries[2] as { tier: string }).tier = 'ROUTINE';
    });
    expect(checkFiles([tier.file], root).problems).toEqual([
      `${tier.shown}: /entries/2/tier: must be one of: "CALL_999", "AE_NOW", "URGENT_TODAY" (found "ROUTINE")`,
    ]);
    const phrase = write((d) => {
      d.entries[3]!.phrases.push('~ blood');
    });
    expect(checkFiles([phrase.file], root).problems).toEqual([
      `${phrase.shown}: /entries/3/phrases/${doc.entries[3]!.phrases.length}: the phrase "~ blood" must not start or end with "~"`,
    ]);
  });
});

describe('negation does not reach across a cause', () => {
  it.each([
    "I didn't sleep because of chest pain",
    "I haven't slept with this chest pain",
    "couldn't go to work due to chest pain",
    'not been out since the chest pain started',
  ])('"%s" is chest pain', (text) => {
    expect(ids(text)).toContain('chest-pain');
  });
});
