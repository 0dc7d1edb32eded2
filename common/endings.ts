// The one routing rule after the questions: the execution's top tier decides the patient's ending
// (docs/architecture.md "Endings by tier"). The browser draws the screen it names; the server reads
// the same rule to say in the inbox what the patient was told and to pick the promise in the email.
import type { PathwayKind } from '../generated/types/api/pathway-kind';
import { topTier, type UrgencyTier } from './tiers';

/** The screen that ends a triage or child pathway. */
export type EndingScreen =
  /** Call 999 (or A&E where the outcome says so): no "safe to wait" questions, no GP-request override. */
  | 'EMERGENCY'
  /** The spec's A&E safety branch ("Are you safe to wait for GP care?"), with the outcome's advice. */
  | 'SAFETY_CHECK'
  /** Speak to a GP today: an urgent callback in hours, same-day slots only, else 111 now. */
  | 'URGENT_TODAY'
  /** Pharmacy First: nothing is sent unless the patient asks the practice instead. */
  | 'PHARMACY'
  /** Self-care at home: nothing is sent unless the patient asks the practice instead. */
  | 'SELF_CARE'
  /** The spec's booking or send. */
  | 'ROUTINE';

/** Which appointment slots the ending may offer online. */
export type SlotWindow = 'NONE' | 'TODAY' | 'ANY';

export interface Ending {
  tier: UrgencyTier;
  screen: EndingScreen;
  /** The patient may ask the practice for a GP request instead of the emergency advice (the spec's override). */
  overrideOffered: boolean;
  /** Which slots may be offered: none for the emergency tiers, today's only for URGENT_TODAY. */
  slots: SlotWindow;
  /** Whether the journey sends the request unless the patient declines (false: only if the patient asks the practice). */
  sendsByDefault: boolean;
}

export interface EndingInputs {
  kind: PathwayKind;
  recommendations: readonly unknown[];
}

/**
 * The ending of a finished triage or child pathway by its top tier; undefined for eligibility
 * pathways, whose outcomes are booking, self-help or signpost pages of their own.
 * A child's A&E result goes to the emergency screen: the safety questions are worded for an adult
 * answering for themselves, and the child flow has already asked its own age-banded checklist.
 */
export function endingFor({ kind, recommendations }: EndingInputs): Ending | undefined {
  if (kind === 'eligibility') return undefined;
  const tier = topTier(recommendations);
  switch (tier) {
    case 'CALL_999':
      return { tier, screen: 'EMERGENCY', overrideOffered: false, slots: 'NONE', sendsByDefault: false };
    case 'AE_NOW':
      return kind === 'child'
        ? { tier, screen: 'EMERGENCY', overrideOffered: false, slots: 'NONE', sendsByDefault: false }
        : { tier, screen: 'SAFETY_CHECK', overrideOffered: true, slots: 'NONE', sendsByDefault: false };
    case 'URGENT_TODAY':
      return { tier, screen: 'URGENT_TODAY', overrideOffered: false, slots: 'TODAY', sendsByDefault: true };
    case 'PHARMACY':
      return { tier, screen: 'PHARMACY', overrideOffered: false, slots: 'NONE', sendsByDefault: false };
    case 'SELF_CARE':
      return { tier, screen: 'SELF_CARE', overrideOffered: false, slots: 'NONE', sendsByDefault: false };
    case 'ROUTINE':
      return { tier, screen: 'ROUTINE', overrideOffered: false, slots: 'ANY', sendsByDefault: true };
  }
}

/**
 * What the practice reads of what the patient was told before a request reached it: a pharmacy or
 * self-care ending sends nothing unless the patient asks the practice instead, so a request with
 * that tier is one the patient chose to send after the advice.
 */
export function adviceNoteForPractice(tier: UrgencyTier | undefined, kind: PathwayKind = 'triage'): string | undefined {
  if (kind === 'eligibility') return undefined;
  if (tier === 'SELF_CARE') return 'Advised self-care; chose to ask the practice';
  if (tier === 'PHARMACY') return 'Advised Pharmacy First; chose to ask the practice';
  return undefined;
}
