/**
 * The answers the server-drawn page carried (its data block, src/main.tsx), kept for the pages
 * that complete them later (src/settings/useDeferredSettings.ts). Empty when the browser drew the page.
 */
let startAnswers: Readonly<Record<string, unknown>> = {};

/** Called by primeSettings with the page's data block. */
export function noteStartAnswers(answers: Readonly<Record<string, unknown>>): void {
  startAnswers = answers;
}

/** The answers the page carried, by path. */
export function pageStartAnswers(): Readonly<Record<string, unknown>> {
  return startAnswers;
}
