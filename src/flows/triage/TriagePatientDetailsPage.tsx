import { cancelTarget, pathwayKind } from '../guideline/pathwayKind';
import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { stopExecution } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { PatientDetailsStep } from '../../patient-details/PatientDetailsStep';
import { useSettings } from '../../settings/useSettings';
import { triageLibrary } from '../../search/triageMapping';
import { useFlowState } from '../flowState';
import { EngineErrorPanel } from '../guideline/EngineErrorPanel';
import { SelectedOption } from '../guideline/SelectedOption';
import { MEDICAL_FLOW, TRIAGE_START, clearTriageFlow, manualAuthOn, triageFlow, proxyOn, type SearchType, type Selection } from '../guideline/journey';
import { useStartQuestionnaire } from './useStartQuestionnaire';

const SEARCH_TYPES: readonly SearchType[] = ['MAIN', 'SIMILAR', 'NON_SPECIFIC', 'ALL_OPTIONS'];

/**
 * /triage/patient-details?guideline&searchTerm&searchType&searchMatches: "Selected option", the
 * shared patient-details step with the MEDICAL_REQUEST flow's settings, then `$start` with how
 * the pathway was found, then the questionnaire.
 */
export default function TriagePatientDetailsPage() {
  const [params] = useSearchParams();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const flow = useFlowState(triageFlow);
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

  const { starting, failure, start } = useStartQuestionnaire(selection, useProxy);
  if (!selection) return <Navigate to={TRIAGE_START} replace />;

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
