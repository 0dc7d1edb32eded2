// What to do when it gets worse, in words every confirmation and emergency page shares: the
// "if you get worse" 111 paragraph and the crisis contacts. Apart from EmergencyNumber.tsx (which
// the warning on every page needs) so that the home page does not load these words.
import { CareCard } from '../components/CareCard';
import { EmergencyNumber } from './EmergencyNumber';

/** "For urgent advice, use 111 online or call 111…": the one paragraph every confirmation's "if you get worse" card says. */
export function UrgentAdvice111() {
  return (
    <p>
      For urgent advice, <a href="https://111.nhs.uk/">use 111 online</a> or call <EmergencyNumber number="111" />. If you are deaf or hard of hearing, use text
      relay on <EmergencyNumber number="18001 111" />.
    </p>
  );
}

/**
 * Where to get help now with thoughts of suicide or self-harm (NHS website "Help for suicidal
 * thoughts"): 999 / A&E, NHS 111 option 2 (mental health), Samaritans 116 123.
 */
export function CrisisContacts({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="app-crisis-contacts" data-testid="crisis-contacts">
      <H className="nhsuk-heading-s">If you are thinking about suicide or harming yourself</H>
      <ul>
        <li>
          Call <EmergencyNumber number="999" /> or go to A&amp;E now if you have harmed yourself or you might act on your thoughts.
        </li>
        <li>
          Call <EmergencyNumber number="111" /> and choose option 2 to speak to a mental health team (NHS 111, any time).
        </li>
        <li>
          Call Samaritans free on <EmergencyNumber number="116 123" />, any time, day or night, to talk to someone.
        </li>
      </ul>
    </div>
  );
}

/** The safety-netting of an advice-only ending (pharmacy or self-care): 111 if it gets worse, 999 in an emergency. */
export function IfItGetsWorse() {
  return <IfYouGetWorse heading="If it gets worse or you are worried" />;
}

/**
 * The one "if you get worse" block of a confirmation (docs/patient-app.md "One calm urgency
 * pattern"): a calm card, not a red one, since nothing has to be done now — 111 for urgent
 * advice, 999 in an emergency, in one place. A confirmation whose tier already says what to do
 * and by when (urgent today, A&E, 999: TierAdvice) shows none: `tierSaysIt`.
 */
export function IfYouGetWorse({
  heading = 'If your symptoms get worse',
  who = 'you',
  tierSaysIt = false,
}: {
  heading?: string;
  who?: 'you' | 'child';
  tierSaysIt?: boolean;
}) {
  if (tierSaysIt) return null;
  return (
    <CareCard type="non-urgent" heading={heading} testId="if-you-get-worse">
      <UrgentAdvice111 />
      <p>
        In an emergency, call <EmergencyNumber number="999" /> or go to A&amp;E{who === 'child' ? ' if the child is seriously ill or injured' : ''}. Text relay:{' '}
        <EmergencyNumber number="18000" />.
      </p>
    </CareCard>
  );
}

/** Tiers whose own words on a confirmation already say what to do if it gets worse (TierAdvice). */
export const TIERS_THAT_SAY_IT: readonly string[] = ['CALL_999', 'AE_NOW', 'URGENT_TODAY'];
