import type { DocumentProblem } from './types';

/** Problems of a form document, each with a JSON path. Never throws. (Being completed.) */
export function checkDocument(_doc: unknown): DocumentProblem[] {
  return [];
}
