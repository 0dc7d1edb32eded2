import type { EngineErrorState } from '../guideline/EngineErrorPanel';

/** What the questionnaire page is waiting for: the next section, the discard, or the first fetch. */
export type QuestionnaireBusy = 'next' | 'cancel' | 'load' | undefined;

/**
 * What went wrong, by kind: `load` (the section could not be fetched: Try again or Start again)
 * or `answer` (the engine refused the answers: Start again). The title shown is the product's.
 */
export interface QuestionnaireFailure {
  kind: 'load' | 'answer';
  error: EngineErrorState;
}
