import { useCallback, useEffect } from 'react';
import { getExecution, type Execution } from '../../api/engine';
import { errorMessage } from '../guideline/EngineErrorPanel';
import { triageFlow } from '../guideline/journey';
import type { QuestionnaireBusy, QuestionnaireFailure } from './questionnaireState';

const LOAD_FAILED = 'Unable to prepare information';

/**
 * Fetching the questionnaire's current section from the engine: at once when nothing is cached,
 * and again on "Try again" (the returned `load`). `known`: the execution the page's HTML carried
 * (src/flows/triage/drawnSection.ts), never asked for again; the tab keeps it when it has none.
 */
export function useSectionFetch(
  executionId: string,
  useProxy: boolean,
  setBusy: (busy: QuestionnaireBusy) => void,
  setFailure: (failure: QuestionnaireFailure | undefined) => void,
  known?: Execution,
): () => Promise<void> {
  const load = useCallback(async () => {
    setFailure(undefined);
    setBusy('load');
    try {
      const fresh = await getExecution(executionId, useProxy);
      triageFlow.set({ execution: fresh });
      setBusy(undefined);
    } catch (error) {
      setBusy(undefined);
      setFailure({ kind: 'load', error: { title: LOAD_FAILED, message: errorMessage(error) } });
    }
  }, [executionId, useProxy, setBusy, setFailure]);

  // Nothing cached (e.g. the tab's storage was trimmed): ask the engine where the patient is.
  useEffect(() => {
    const kept = triageFlow.get();
    if (kept.execution) return;
    if (known) {
      if (kept.executionId === known.identifier) triageFlow.set({ execution: known });
      setBusy(undefined);
      return;
    }
    let live = true;
    getExecution(executionId, useProxy).then(
      (fresh) => {
        if (!live) return;
        triageFlow.set({ execution: fresh });
        setBusy(undefined);
      },
      (error: unknown) => {
        if (!live) return;
        setBusy(undefined);
        setFailure({ kind: 'load', error: { title: LOAD_FAILED, message: errorMessage(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [executionId, useProxy, setBusy, setFailure, known]);

  return load;
}
