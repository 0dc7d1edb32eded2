import { cancelTarget, pathwayKind } from '../guideline/pathwayKind';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { startGuideline, stopExecution, type StartRefusal } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { PatientDetailsStep } from '../../patient-details/PatientDetailsStep';
import type { Patient, PatientValidation } from '../../patient-details/patient';
import { useSettings } from '../../settings/useSettings';
import { triageLibrary } from '../../search/triageMapping';
import { useFlowStore } from '../sessionFlowStore';
import { EngineErrorPanel, errorMessage, isOutOfHours, type EngineErrorState } from '../guideline/EngineErrorPanel';
import { SelectedOption } from '../guideline/SelectedOption';
import {
  MEDICAL_FLOW,
  TRIAGE_START,
  clearTriageFlow,
  manualAuthOn,
  searchCustomData,
  triageFlow,
  proxyOn,
  type SearchType,
  type Selection,
} from '../guideline/journey';

const SEARCH_TYPES: readonly SearchType[] = ['MAIN', 'SIMILAR', 'NON_SPECIFIC', 'ALL_OPTIONS'];
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
 * /triage/patient-details?guideline&searchTerm&searchType&searchMatches: "Selected option", the
 * shared patient-details step with the MEDICAL_REQUEST flow's settings, then `$start` with how
 * the pathway was found, then the questionnaire.
 */
export default function TriagePatientDetailsPage() {
  const [params] = useSearchParams();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const flow = useFlowStore(triageFlow);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<EngineErrorState>();
  const library = useMemo(() => triageLibrary(settings.patientApp.triageMapping), [settings.patientApp.triageMapping]);
  const useProxy = proxyOn(settings);

  const guidelineId = params.get('guideline') ?? '';
  const known = [...library.entries, ...(library.nonSpecific ? [library.nonSpecific] : [])].find((e) => e.guidelineId === guidelineId);
  const searchType = SEARCH_TYPES.find((t) => t === params.get('searchType')) ?? 'MAIN';
  const label = known?.label ?? (flow.selection?.guidelineId === guidelineId ? flow.selection.label : guidelineId);
  // The kind the pathway's page or list gave the selection (an eligibility pathway's page, the child
  // menu); a pathway of the symptom search (triageMapping lists the triage kind only) or an unknown
  // id is a medical request: every safety step.
  const kind = flow.selection?.guidelineId === guidelineId ? pathwayKind(flow.selection) : 'triage';
  const searchTerm = (params.get('searchTerm') ?? '').slice(0, 200);
  const matchesParam = params.get('searchMatches') ?? '';
  const selection: Selection | undefined = useMemo(
    () => (guidelineId ? { guidelineId, kind, label, searchType, searchTerm, searchMatches: matchesParam.split(',').filter(Boolean).slice(0, 20) } : undefined),
    [guidelineId, kind, label, searchType, searchTerm, matchesParam],
  );

  // A different pathway from the one in progress: the old execution is abandoned.
  const previous = flow.selection?.guidelineId;
  useEffect(() => {
    if (!selection || previous === selection.guidelineId) return;
    const old = triageFlow.get();
    if (old.executionId && old.execution?.status === 'IN_PROGRESS') void stopExecution(old.executionId, old.useProxy ?? useProxy).catch(() => undefined);
    triageFlow.set((s) => ({ lastSearch: s.lastSearch, selection, drafts: {}, labels: {} }));
  }, [selection, previous, useProxy]);

  if (!selection) return <Navigate to={TRIAGE_START} replace />;

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

  if (starting) return <Loading message={LOADING_MESSAGES.preparingQuestions} />;

  return (
    <>
      <SelectedOption label={selection.label} />
      {failure ? (
        <EngineErrorPanel
          error={failure}
          actions={[
            { label: 'Try again', onClick: () => flow.patient && void start(flow.patient, flow.validation, flow.replyByPhone, flow.addEmail) },
            { label: 'Back to search', onClick: () => void navigate(TRIAGE_START) },
          ]}
        />
      ) : null}
      <PatientDetailsStep
        flow={MEDICAL_FLOW}
        checkRecord={manualAuthOn(settings)}
        backFallback="/triage"
        onComplete={({ patient, validation, replyByPhone, addEmail }) => void start(patient, validation, replyByPhone, addEmail)}
        onCancel={() => {
          // An eligibility pathway's page is the return target of its journey (README "Eligibility").
          void Promise.resolve(navigate(cancelTarget(selection))).then(clearTriageFlow);
        }}
      />
    </>
  );
}
