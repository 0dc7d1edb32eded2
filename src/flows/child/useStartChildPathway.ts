// Starting a child pathway from the menu: stops a questionnaire still in progress, starts the
// chosen pathway for the child (the guideline engine, as in a medical request) and opens the
// questionnaire; a refusal (age, sex, not available) opens it too, to say why.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { startGuideline, stopExecution, type StartRefusal } from '../../api/engine';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { errorMessage, isOutOfHours, type EngineErrorState } from '../guideline/EngineErrorPanel';
import { proxyOn, triageFlow, type Selection } from '../guideline/journey';
import { pathwayKind } from '../guideline/pathwayKind';
import type { ChildPatient } from './childFlow';
import type { ChildGuideline } from './childSearch';

const REFUSALS: readonly StartRefusal[] = ['NOT_AVAILABLE', 'RESTRICTED_BY_AGE', 'RESTRICTED_BY_SEX'];

export function useStartChildPathway(patient: ChildPatient | undefined) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<EngineErrorState>();
  const useProxy = proxyOn(settings);

  async function choose(option: ChildGuideline, searchType: Selection['searchType'] = 'ALL_OPTIONS', searchTerm = '', searchMatches: string[] = []) {
    if (!patient?.sexAtBirth) return;
    const selection: Selection = { guidelineId: option.guidelineId, kind: pathwayKind(option), label: option.label, searchType, searchTerm, searchMatches };
    setFailure(undefined);
    setStarting(true);
    const old = triageFlow.get();
    if (old.executionId && old.execution?.status === 'IN_PROGRESS') await stopExecution(old.executionId, old.useProxy ?? useProxy).catch(() => undefined);
    try {
      const execution = await startGuideline(option.guidelineId, { patient: { dateOfBirth: patient.dateOfBirth, sexAtBirth: patient.sexAtBirth } }, useProxy);
      triageFlow.set({ selection, patient, useProxy, executionId: execution.identifier, execution, drafts: {}, labels: {} });
      await navigate('/triage/questionnaire');
    } catch (error) {
      setStarting(false);
      if (isOutOfHours(error)) {
        handleError(error, { flow: 'medical' });
        return;
      }
      const code = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { code?: unknown }).code : undefined;
      const refusal = REFUSALS.find((r) => r === code);
      if (refusal) {
        triageFlow.set({ selection, patient, refusal, drafts: {}, labels: {} });
        await navigate('/triage/questionnaire');
        return;
      }
      setFailure({ title: 'Unable to start questionnaire', message: errorMessage(error) });
    }
  }

  return { starting, failure, choose };
}
