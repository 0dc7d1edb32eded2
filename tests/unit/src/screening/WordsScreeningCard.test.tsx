// @vitest-environment jsdom
// The browser side of the words screening and the outcome screens: the care card (what matched,
// 999 / A&E / 111, crisis contacts, the two choices, focus on its heading), the tier's plain
// words on the last screen (from recommendations[].tier, else the referral), and the crisis
// contacts after a self-harm answer.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrisisContacts } from '../../../../src/screening/UrgentHelp';
import { flowCrisis } from '../../../../src/screening/flowCrisis';
import { screenWords, searchEmergencies } from '../../../../src/screening/phraseList';
import { TierAdvice } from '../../../../src/screening/TierAdvice';
import { FIND_A_PHARMACY_URL, TIER_LEAD, topTier } from '../../../../common';
import { WordsScreeningCard } from '../../../../src/screening/WordsScreeningCard';
import { freeTextAnswers } from '../../../../src/screening/freeText';

afterEach(cleanup);

describe('WordsScreeningCard', () => {
  it('names what matched, gives 999, focuses its heading and offers both choices', () => {
    const onEmergency = vi.fn();
    const onContinue = vi.fn();
    render(<WordsScreeningCard matches={screenWords(["I've been vomiting blood since this morning"])} onEmergency={onEmergency} onContinue={onContinue} />);
    const heading = screen.getByRole('heading', { name: /Your words suggest you may need urgent help/ });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByTestId('matched-words').textContent).toContain('vomiting or coughing up blood (you wrote “vomiting blood”)');
    expect(screen.getByText(/Go to A&E now/)).toBeTruthy();
    expect(screen.queryByTestId('crisis-contacts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get emergency advice' }));
    expect(onEmergency).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continue and send my answers' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
  it('shows the crisis contacts for crisis words', () => {
    render(<WordsScreeningCard matches={screenWords(['i want to die'])} onEmergency={() => undefined} onContinue={() => undefined} />);
    const contacts = screen.getByTestId('crisis-contacts');
    expect(contacts.querySelector('a[href="tel:116123"]')?.textContent).toBe('116 123');
    expect(contacts.querySelector('a[href="tel:111"]')).not.toBeNull();
    expect(contacts.textContent).toContain('choose option 2');
  });
});

describe('search emergencies', () => {
  it('are the 999 / A&E and crisis matches only', () => {
    expect(searchEmergencies('chest pain').map((m) => m.entryId)).toEqual(['chest-pain']);
    expect(searchEmergencies('short of breath')).toEqual([]);
    expect(searchEmergencies('sore throat')).toEqual([]);
  });
});

describe('the tier of the last screen', () => {
  const referral = (referralId: string) => ({ type: 'Referral', referralId });
  it('is the most urgent recommendations[].tier', () => {
    expect(
      topTier([
        { tier: 'ROUTINE', actions: [] },
        { tier: 'URGENT_TODAY', actions: [] },
      ]),
    ).toBe('URGENT_TODAY');
  });
  it("falls back to the referral's tier when the engine gives none", () => {
    expect(topTier([{ actions: [referral('ref-ae')] }])).toBe('AE_NOW');
    expect(topTier([{ actions: [referral('ref-5-days')] }])).toBe('ROUTINE');
    // Advice only (no referral, no named tier): self-care; nothing at all: routine, the practice reads it.
    expect(topTier([{ actions: [] }])).toBe('SELF_CARE');
    expect(topTier([])).toBe('ROUTINE');
  });
  it.each(Object.entries(TIER_LEAD))('%s says "%s"', (tier, lead) => {
    render(<TierAdvice tier={tier as keyof typeof TIER_LEAD} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(lead);
  });
  it('PHARMACY links to find a pharmacy and says the practice can still be asked', () => {
    render(<TierAdvice tier="PHARMACY" />);
    expect(screen.getByRole('link', { name: 'Find a pharmacy' }).getAttribute('href')).toBe(FIND_A_PHARMACY_URL);
    expect(screen.getByText(/You can still ask the practice/)).toBeTruthy();
  });
  it('999, 111 and 116 123 are tel: links', () => {
    render(<CrisisContacts />);
    expect([...document.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['tel:999', 'tel:111', 'tel:116123']);
  });
});

describe('crisis in a finished questionnaire', () => {
  const execution = (responseData: Array<{ identifier: string; observationType?: string; answer: Array<{ value: unknown }> }>) => ({ responseData });
  it('a ticked self-harm option or a Yes to a suicide question counts', () => {
    expect(
      flowCrisis({
        execution: execution([{ identifier: 'urgent', observationType: 'MULTI_CHOICE', answer: [{ value: 'plan' }] }]),
        labels: {
          urgent: { label: 'Do you have any of these?', options: { plan: 'Thoughts of ending your life and you have a plan, or you have harmed yourself' } },
        },
      }),
    ).toBe(true);
    expect(
      flowCrisis({
        execution: execution([{ identifier: 'q', observationType: 'BOOLEAN', answer: [{ value: true }] }]),
        labels: { q: { label: 'Have you thought about suicide?' } },
      }),
    ).toBe(true);
  });
  it('a No, or unrelated words, does not', () => {
    expect(
      flowCrisis({
        execution: execution([{ identifier: 'q', observationType: 'BOOLEAN', answer: [{ value: false }] }]),
        labels: { q: { label: 'Have you thought about suicide?' } },
      }),
    ).toBe(false);
    expect(flowCrisis({ execution: execution([{ identifier: 'd', observationType: 'TEXT', answer: [{ value: 'sore throat' }] }]), labels: {} })).toBe(false);
  });
  it('reads "In your own words"', () => {
    expect(flowCrisis({ execution: execution([]), patientContext: { additionalInfo: 'I keep cutting myself' } })).toBe(true);
  });
});

describe('freeTextAnswers', () => {
  it('takes TEXT and plain text fields, not choices, dates or e-mails', () => {
    const doc = {
      schema: {
        type: 'object',
        properties: {
          d: { type: 'string', 'x-observationType': 'TEXT' },
          c: { type: 'string', 'x-observationType': 'SINGLE_CHOICE', enum: ['a'] },
          t: { type: 'string' },
          e: { type: 'string', format: 'email' },
          o: { type: 'string', oneOf: [{ const: 'x' }] },
        },
      },
    };
    expect(freeTextAnswers(doc as never, { d: 'chest pain', c: 'a', t: 'blood', e: 'a@b.c', o: 'x' })).toEqual(['chest pain', 'blood']);
  });
});

describe('OutcomeAdvice', () => {
  it('shows each blank-line paragraph of an advice text as its own paragraph', async () => {
    const { OutcomeAdvice } = await import('../../../../src/screening/OutcomeAdvice');
    const recommendation = {
      id: 'self-care',
      type: 'Recommendation',
      tier: 'SELF_CARE',
      title: 'You can treat head lice at home',
      evidence: [],
      actions: [
        {
          type: 'Management',
          managementType: 'Self help content',
          text: 'What to do: comb wet hair.\n\nA pharmacist can: sell a comb.\n\nGet help: call 111.',
          links: [],
        },
      ],
    };
    render(<OutcomeAdvice recommendations={[recommendation]} />);
    const paragraphs = [...screen.getByTestId('outcome-advice').querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(expect.arrayContaining(['What to do: comb wet hair.', 'A pharmacist can: sell a comb.', 'Get help: call 111.']));
  });
});
