// Does a finished questionnaire touch on self-harm or suicide? Its TEXT answers and "In your own
// words", and the questions answered Yes ("Have you made a plan to end your life?"), read with the
// phrase list's crisis entries. The outcome pages then show the crisis contacts.
import { screenWords } from './phraseList';

type Obs = { identifier: string; observationType?: string; answer: ReadonlyArray<{ value?: unknown }> };

export function flowCrisis(state: {
  execution?: { responseData: readonly Obs[] };
  labels?: Record<string, { label?: string; options?: Record<string, string> }>;
  patientContext?: { additionalInfo?: string };
}): boolean {
  const texts: string[] = [];
  for (const o of state.execution?.responseData ?? []) {
    if (o.observationType === 'TEXT') for (const a of o.answer) if (typeof a.value === 'string') texts.push(a.value);
    const label = state.labels?.[o.identifier]?.label;
    if (label && o.answer.some((a) => a.value === true || a.value === 'yes')) texts.push(label);
    // Ticked options of a checklist ("Thoughts of ending your life, with a plan").
    for (const a of o.answer) {
      const option = state.labels?.[o.identifier]?.options?.[String(a.value)];
      if (option) texts.push(option);
    }
  }
  if (state.patientContext?.additionalInfo) texts.push(state.patientContext.additionalInfo);
  return screenWords(texts).some((m) => m.crisis);
}
