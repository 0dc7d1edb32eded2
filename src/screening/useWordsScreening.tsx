// Screens the patient's free text before a page sends it on: with no match the page goes on at
// once; with a match the page shows WordsScreeningCard instead of going on, and the patient
// chooses the emergency advice (onEmergency) or to continue (the same words are not asked about
// again, and the server flags the request when it arrives).
import { useCallback, useRef, useState } from 'react';
import { screenWords, type PhraseMatch } from './phraseList';
import { WordsScreeningCard } from './WordsScreeningCard';

export const EMERGENCY_ADVICE_PATH = '/triage/emergency-signpost';

/** What the emergency advice page is told: the request was not sent; crisis contacts when needed. */
export function emergencyAdviceState(matches: readonly PhraseMatch[]) {
  return { variant: 'triage', crisis: matches.some((m) => m.crisis), labels: matches.map((m) => m.label) };
}

export function useWordsScreening(onEmergency: (matches: PhraseMatch[]) => void) {
  const [pending, setPending] = useState<{ matches: PhraseMatch[]; key: string; proceed: () => unknown }>();
  const accepted = useRef(new Set<string>());

  /** Runs `proceed` now, or after the patient chooses to continue when the texts match. */
  const screen = useCallback((texts: readonly string[], proceed: () => unknown) => {
    const matches = screenWords(texts);
    const key = matches.map((m) => `${m.entryId}:${m.words}`).join('|');
    if (matches.length === 0 || accepted.current.has(key)) {
      // The caller may wait for it (a form's Send shows "Sending…" until the request is answered).
      return Promise.resolve(proceed());
    }
    setPending({ matches, key, proceed });
  }, []);

  const card = pending ? (
    <WordsScreeningCard
      matches={pending.matches}
      onEmergency={() => onEmergency(pending.matches)}
      onContinue={() => {
        accepted.current.add(pending.key);
        setPending(undefined);
        void pending.proceed();
      }}
      onEdit={() => setPending(undefined)}
    />
  ) : null;
  return { screen, card, dismiss: () => setPending(undefined) };
}
