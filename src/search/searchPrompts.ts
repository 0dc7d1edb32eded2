/** What a symptom search page says under the box (the adult and the child searches alike). */
export const SEARCH_PROMPTS = {
  pristine: 'Any relevant results will appear here.',
  none: 'Please try a different search term.',
  similarOnly: 'Please see the similar matches below or try a different search.',
} as const;

/**
 * Why nothing is listed when the only pathways that fit are for the other sex at birth (the
 * engine would refuse them): "Periods is only for patients whose sex at birth is female, so it
 * is not offered here."
 */
export function otherSexPrompt(labels: readonly string[], sexAtBirth: string, who: 'patients' | 'children'): string {
  const other = sexAtBirth === 'male' ? 'female' : 'male';
  const names = labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]!}`;
  const verb = labels.length === 1 ? 'is' : 'are';
  return `${names} ${verb} only for ${who} whose sex at birth is ${other}, so ${labels.length === 1 ? 'it is' : 'they are'} not offered here. Please see any similar matches below or try a different search.`;
}
