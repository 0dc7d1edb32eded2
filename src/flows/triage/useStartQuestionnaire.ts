import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { startGuideline, stopExecution, type StartRefusal } from '../../api/engine';
import { useNotifications } from '../../errors/ErrorNotifications';
import type { Patient, PatientValidation } from '../../patient-details/patient';
import { errorMessage, isOutOfHours, type EngineErrorState } from '../guideline/EngineErrorPanel';
import { searchCustomData, triageFlow, type Selection } from '../guideline/journey';

const REFUSALS: readonly StartRefusal[] = ['NOT_AVAILABLE', 'RESTRICTED_BY_AGE', 'RESTRICTED_BY_SEX'];

function refusalOf(error: unknown): StartRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.body && typeof error.body === 'object' && 'code' in error.body ? (error.body as { code?: unknown }).code : undefined;
  if (REFUSALS.includes(code as StartRefusal)) return code as StartRefusal;
  // An unknown or withdrawn pathway is "not available at present" to the patient.
  if (error.status === 404) return 'NOT_AVAILABLE';
  return undefined;
}

/**
 * Starting the questionnaire (`$start`) once the patient's details are in: a questionnaire under
 * way for the same patient and pathway carries on; a refusal is shown on the questionnaire page.
 */
export function useStartQuestionnaire(selection: Selection | undefined, useProxy: boolean) {
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<EngineErrorState>();

  async function start(patient: Patient, validation: PatientValidation | undefined, replyByPhone?: boolean, addEmail?: string) {
    if (!selection) return;
    const current = triageFlow.get();
    // Came back (browser back) to this page with a questionnaire under way for the same patient: carry on, never start twice.
    if (
      current.executionId &&
      current.execution?.status === 'IN_PROGRESS' &&
      current.selection?.guidelineId === selection.guidelineId &&
      JSON.stringify(current.patient) === JSON.stringify(patient)
    ) {
      await navigate('/triage/questionnaire', { replace: true });
      return;
    }
    setFailure(undefined);
    setStarting(true);
    try {
      if (current.executionId && current.execution?.status === 'IN_PROGRESS') {
        await stopExecution(current.executionId, current.useProxy ?? useProxy).catch(() => undefined);
      }
      if (!patient.sexAtBirth) throw new Error('sexAtBirth missing');
      const execution = await startGuideline(
        selection.guidelineId,
        { patient: { dateOfBirth: patient.dateOfBirth, sexAtBirth: patient.sexAtBirth }, customData: searchCustomData(selection) },
        useProxy,
      );
      triageFlow.set((s) => ({
        lastSearch: s.lastSearch,
        selection,
        patient,
        validation,
        replyByPhone,
        ...(addEmail ? { addEmail } : {}),
        useProxy,
        executionId: execution.identifier,
        execution,
        drafts: {},
        labels: {},
      }));
      await navigate('/triage/questionnaire', { replace: true });
    } catch (error) {
      setStarting(false);
      if (isOutOfHours(error)) {
        handleError(error, { flow: 'medical' });
        return;
      }
      const refusal = refusalOf(error);
      if (refusal) {
        triageFlow.set((s) => ({ lastSearch: s.lastSearch, selection, patient, validation, replyByPhone, refusal, drafts: {}, labels: {} }));
        await navigate('/triage/questionnaire', { replace: true });
        return;
      }
      setFailure({ title: 'Unable to start questionnaire', message: errorMessage(error) });
      triageFlow.set({ patient, validation, replyByPhone });
    }
  }

  return { starting, failure, start };
}
