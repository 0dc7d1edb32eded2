import { useNavigate } from 'react-router-dom';
import { toObservations, type FormData } from '../../../renderer/index';
import { continueExecution, type Execution, type ExecutionSection } from '../../api/engine';
import { errorMessage, isOutOfHours } from '../guideline/EngineErrorPanel';
import { sectionLabels, triageFlow, type TriageFlowState } from '../guideline/journey';
import type { QuestionnaireBusy, QuestionnaireFailure } from './questionnaireState';
import { questionnaireSearch } from './drawnSection';

interface SendSection {
  executionId: string;
  useProxy: boolean;
  execution: Execution | undefined;
  /** The section on screen (the current one, or an earlier one shown again). */
  shown: ExecutionSection | undefined;
  setBusy: (busy: QuestionnaireBusy) => void;
  setFailure: (failure: QuestionnaireFailure | undefined) => void;
  /** Called before the section goes, so a card about the patient's own words closes. */
  beforeSend: () => void;
  finish: (done: Execution) => Promise<void>;
  serviceClosed: (error: unknown) => void;
}

/** The flow once a section's answers were accepted: the engine's answer, and the sections answered in order. */
function afterAnswer(s: TriageFlowState, section: ExecutionSection, answers: FormData, answer: Execution): TriageFlowState {
  const drafts = { ...s.drafts };
  delete drafts[section.id];
  // Re-answering an earlier section drops the ones after it (the engine forgets them too),
  // but not what the patient said in them: a section that comes back starts with the answers
  // last given to it (or being typed in it), so going back two sections and on again loses nothing.
  const before = s.answered ?? [];
  const at = before.findIndex((a) => a.section.id === section.id);
  const kept = at >= 0 ? before.slice(0, at) : before;
  for (const later of at >= 0 ? before.slice(at + 1) : []) drafts[later.section.id] ??= later.answers;
  return { ...s, execution: answer, drafts, finishedTriage: undefined, answered: [...kept, { section, answers }] };
}

/**
 * Sending the section on screen (Next): only Next sends anything. The answer is the next section
 * (a new history entry) or the finished questionnaire.
 */
export function useSendSection({ executionId, useProxy, execution, shown, setBusy, setFailure, beforeSend, finish, serviceClosed }: SendSection) {
  const navigate = useNavigate();
  return async function next(answers: FormData) {
    const section = shown;
    if (!execution || !section) return;
    beforeSend();
    setFailure(undefined);
    setBusy('next');
    triageFlow.set((s) => ({ ...s, labels: { ...s.labels, ...sectionLabels(section.document) } }));
    try {
      const answer = await continueExecution(
        executionId,
        { sectionId: section.id, responseData: toObservations({ id: section.id, document: section.document }, answers) },
        useProxy,
      );
      triageFlow.set((s) => afterAnswer(s, section, answers, answer));
      if (answer.status === 'COMPLETED') await finish(answer);
      // The next section is a new history entry: the shell scrolls up, focuses its h1 and announces its title.
      else if (answer.section) await navigate({ search: questionnaireSearch(answer.section.id, executionId) });
      setBusy(undefined);
    } catch (error) {
      setBusy(undefined);
      if (isOutOfHours(error)) return serviceClosed(error);
      setFailure({ kind: 'answer', error: { title: 'Questionnaire problem', message: errorMessage(error) } });
    }
  };
}
