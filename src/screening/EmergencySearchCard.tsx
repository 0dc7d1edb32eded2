// The symptom search's emergency card: when the typed words match an emergency-tier (999 / A&E)
// or crisis entry of the phrase list, this care card shows above the results, before anything
// else ("Search that meets an emergency"). Reused by the child journey's search.
import { CareCard } from '../components/CareCard';
import { CrisisContacts } from './UrgentHelp';
import { WhatToDo, useFocusHeading } from './WordsScreeningCard';
import type { PhraseMatch } from './phraseList';

const SEARCH_CARD_HEADING = 'Your words suggest you may need urgent help';

export function EmergencySearchCard({ matches, focus = false }: { matches: readonly PhraseMatch[]; focus?: boolean }) {
  const ref = useFocusHeading(focus && matches.length > 0);
  if (matches.length === 0) return null;
  const crisis = matches.some((m) => m.crisis);
  return (
    <div ref={ref} data-testid="search-emergency" data-crisis={crisis ? 'true' : 'false'}>
      <CareCard type="emergency" heading={SEARCH_CARD_HEADING}>
        <p>You searched for {matches.map((m) => m.label).join(', ')}.</p>
        <WhatToDo matches={matches} />
        {crisis ? <CrisisContacts /> : null}
        <p>If it is not an emergency, you can choose one of the options below.</p>
      </CareCard>
    </div>
  );
}
