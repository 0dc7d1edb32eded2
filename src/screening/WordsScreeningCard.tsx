// "Your words suggest you may need urgent help": shown when a patient's free text matches the
// emergency phrase list, before anything is sent. It says what matched in plain words, where to
// get help (999 / A&E / NHS 111, and the crisis contacts for self-harm or suicide), and asks the
// patient to choose: the emergency advice, or continue and send (the practice then sees the
// request flagged; the server screens the same words again). Focus moves to its heading.
import { useEffect, useRef } from 'react';
import { CareCard } from '../components/CareCard';
import { isEmergencyMatch } from '../../common';
import { EmergencyNumber } from './EmergencyNumber';
import { CrisisContacts } from './UrgentHelp';
import type { PhraseMatch } from './phraseList';

const WORDS_CARD_HEADING = 'Your words suggest you may need urgent help';
const WORDS_EMERGENCY_ACTION = 'Get emergency advice';
const WORDS_CONTINUE_ACTION = 'Continue and send my answers';

/** Puts focus on the care card's heading when it appears (screen readers read it first). */
export function useFocusHeading(active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) return;
    const heading = ref.current?.querySelector<HTMLElement>('h2, h3');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
    heading.scrollIntoView?.({ block: 'start' });
  }, [active]);
  return ref;
}

/** What the matched tiers tell the patient to do, most urgent first. */
export function WhatToDo({ matches }: { matches: readonly PhraseMatch[] }) {
  const has = (t: PhraseMatch['tier']) => matches.some((m) => m.tier === t);
  return (
    <>
      {has('CALL_999') ? (
        <p>
          <strong>
            Call <EmergencyNumber number="999" /> now
          </strong>{' '}
          if this is happening now or in the last few hours, or the person you are helping is seriously ill.
        </p>
      ) : null}
      {has('AE_NOW') ? (
        <p>
          <strong>Go to A&amp;E now</strong>, or call <EmergencyNumber number="999" /> if it is life-threatening.
        </p>
      ) : null}
      {has('URGENT_TODAY') && !matches.some(isEmergencyMatch) ? (
        <p>
          <strong>
            Speak to a GP or call <EmergencyNumber number="111" /> today
          </strong>{' '}
          (or use <a href="https://111.nhs.uk/">111 online</a>).
        </p>
      ) : null}
      <p className="nhsuk-body-s">
        If you are deaf or hard of hearing, use text relay: <EmergencyNumber number="18000" /> for 999, <EmergencyNumber number="18001 111" /> for NHS 111.
      </p>
    </>
  );
}

/** The matched words, in plain words: "chest pain or tightness (you wrote “chest pian”)". */
function MatchedWords({ matches }: { matches: readonly PhraseMatch[] }) {
  return (
    <>
      <p>You wrote about:</p>
      <ul data-testid="matched-words">
        {matches.map((m) => (
          <li key={m.entryId}>
            {m.label} (you wrote “{m.words}”)
          </li>
        ))}
      </ul>
    </>
  );
}

const WORDS_EDIT_ACTION = 'Change what I wrote';

export function WordsScreeningCard({
  matches,
  onEmergency,
  onContinue,
  onEdit,
}: {
  matches: readonly PhraseMatch[];
  onEmergency: () => void;
  onContinue: () => void;
  onEdit?: () => void;
}) {
  const ref = useFocusHeading(matches.length > 0);
  const crisis = matches.some((m) => m.crisis);
  const emergency = crisis || matches.some(isEmergencyMatch);
  return (
    <div ref={ref} data-testid="words-screening" data-tier={matches[0]?.tier} data-crisis={crisis ? 'true' : 'false'}>
      <CareCard type={emergency ? 'emergency' : 'urgent'} heading={WORDS_CARD_HEADING}>
        <MatchedWords matches={matches} />
        <WhatToDo matches={matches} />
        {crisis ? <CrisisContacts /> : null}
      </CareCard>
      <p>Your answers have not been sent yet. What would you like to do?</p>
      <div className="nhsuk-button-group">
        <button type="button" className="nhsuk-button" onClick={onEmergency}>
          {WORDS_EMERGENCY_ACTION}
        </button>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onContinue}>
          {WORDS_CONTINUE_ACTION}
        </button>
      </div>
      <p className="nhsuk-body-s">If you continue, the practice will see that your words may need urgent help.</p>
      {onEdit ? (
        <p>
          <button type="button" className="app-link-button" onClick={onEdit}>
            {WORDS_EDIT_ACTION}
          </button>
        </p>
      ) : null}
    </div>
  );
}
