// The child menu's symptom search: the words typed, the last search (kept in the child flow so a
// reload or Back shows it again), its results and the prompt above them.
import { useState, type FormEvent } from 'react';
import type { Patient } from '../../patient-details/patient';
import { SEARCH_PROMPTS, otherSexPrompt } from '../../search/searchPrompts';
import { childFlow } from './childFlow';
import type { SearchOutcome, SymptomSearch } from '../../search/symptomSearch';

export function useChildMenuSearch(engine: SymptomSearch, sexAtBirth: Patient['sexAtBirth'] | undefined, lastSearch: string | undefined) {
  const [text, setText] = useState(() => lastSearch ?? '');
  const [searched, setSearched] = useState<{ term: string; outcome: SearchOutcome } | undefined>(() =>
    lastSearch ? { term: lastSearch, outcome: engine.search(lastSearch, { sexAtBirth }) } : undefined,
  );
  // Focus the emergency card only after a search the parent just made (not on a reload).
  const [searchedNow, setSearchedNow] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = text.trim();
    if (term === '') return;
    setSearched({ term, outcome: engine.search(term, { sexAtBirth }) });
    setSearchedNow(true);
    childFlow.set({ lastSearch: term });
  }
  const matches = searched?.outcome.kind === 'results' ? searched.outcome.matches : [];
  const similar = searched?.outcome.kind === 'results' ? searched.outcome.similar : [];
  const otherSex = searched?.outcome.kind === 'results' ? (searched.outcome.otherSex ?? []) : [];
  // Nothing offered matched as well as a pathway for the other sex: say so, above any similar matches.
  const prompt = !searched
    ? SEARCH_PROMPTS.pristine
    : matches.length > 0
      ? undefined
      : otherSex.length > 0 && sexAtBirth
        ? otherSexPrompt(
            otherSex.map((m) => m.entry.label),
            sexAtBirth,
            'children',
          )
        : similar.length > 0
          ? SEARCH_PROMPTS.similarOnly
          : SEARCH_PROMPTS.none;
  return { text, setText, searched, searchedNow, submit, matches, similar, prompt };
}
