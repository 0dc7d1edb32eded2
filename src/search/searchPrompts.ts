/** What a symptom search page says under the box (the adult and the child searches alike). */
export const SEARCH_PROMPTS = {
  pristine: 'Any relevant results will appear here.',
  none: 'Please try a different search term.',
  similarOnly: 'Please see the similar matches below or try a different search.',
} as const;
