import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm, fromAjvValidator, type FormData } from '../../../../renderer/index';
import EMERGENCY_QUESTIONS from '../../../../generated/forms/EMERGENCY_QUESTIONS';
import validateEmergencyQuestions from '../../../../generated/validators/EMERGENCY_QUESTIONS';
import { putCustomData, stopExecution } from '../../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { useSettings } from '../../../settings/useSettings';
import { SelectedOption } from '../../guideline/SelectedOption';
import { TRIAGE_START, bool, clearTriageFlow, proxyOn } from '../../guideline/journey';
import { pathwayKind } from '../../guideline/pathwayKind';
import { SAFETY_QUESTIONS, SUBMIT_EMERGENCY_PATH, afterSafetyCheck, safetyAnswersCustomData, type SafetyQuestion } from '../../guideline/safety';
import { ANSWER_ALL_BANNER } from './safetyWords';
import { setSafety, useMedicalServiceCheck, useSafetyFlow } from './useSafetyFlow';
import { BackLink } from '../../../components/BackLink';

const schemaCheck = fromAjvValidator(validateEmergencyQuestions);

const LABELS = Object.fromEntries(
  SAFETY_QUESTIONS.map((q) => [q, String((EMERGENCY_QUESTIONS.schema.properties[q] as { title?: string } | undefined)?.title ?? q)]),
) as Record<SafetyQuestion, string>;

/**
 * /triage/emergency-questions: "Are you safe to wait for GP care?", the four Yes/No questions of
 * schemas/forms/EMERGENCY_QUESTIONS.form.json. Next asks the practice whether the medical service
 * is still open, then goes on to the urgent care outcome (A&E submission on) or the signpost.
 */
export default function EmergencyQuestionsPage() {
  const flow = useSafetyFlow();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const checkService = useMedicalServiceCheck();
  const [busy, setBusy] = useState<'next' | 'cancel'>();
  // Where the patient is going once the flow is cleared (so the bounce below does not win).
  const [leaving, setLeaving] = useState<string>();
  const executionId = flow?.execution?.identifier;
  const useProxy = flow?.useProxy ?? proxyOn(settings);
  const reached = flow?.safety?.reachedEmergencyQuestions === true;

  useEffect(() => {
    if (!executionId || reached) return;
    setSafety((s) => ({ ...s, reachedEmergencyQuestions: true, labels: LABELS }));
    void putCustomData(executionId, [bool('reachedEmergencyQuestions', true)], useProxy).catch(() => undefined);
  }, [executionId, reached, useProxy]);

  if (leaving) return <Navigate to={leaving} replace />;
  if (!flow?.execution) return <Navigate to={TRIAGE_START} replace />;
  if (busy === 'cancel') return <Loading message={LOADING_MESSAGES.cancellingQuestionnaire} />;
  const execution = flow.execution;
  const initial: FormData = { ...(flow.safety?.answers ?? {}) };

  /** The journey ends here without a request: stop the execution and forget the answers. */
  function endWithoutRequest() {
    void stopExecution(execution.identifier, useProxy).catch(() => undefined);
    clearTriageFlow();
  }

  async function next(answers: FormData) {
    setBusy('next');
    const given = Object.fromEntries(SAFETY_QUESTIONS.map((q) => [q, answers[q] === true])) as Record<SafetyQuestion, boolean>;
    setSafety((s) => ({ ...s, answers: given, labels: LABELS }));
    // Recorded on the execution (the spec's "set emergency questions"); the override records them again with its reason.
    await putCustomData(execution.identifier, safetyAnswersCustomData(given), useProxy).catch(() => undefined);
    const medicalOff = await checkService();
    const target = afterSafetyCheck({ medicalOff, aneSubmission: settings.patientApp.enableAneSubmission === true, kind: pathwayKind(flow?.selection) });
    if (target === SUBMIT_EMERGENCY_PATH) {
      await navigate(target);
      return;
    }
    setLeaving(target);
    endWithoutRequest();
  }

  return (
    <>
      <BackLink fallback="/triage" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      <SchemaForm
        doc={EMERGENCY_QUESTIONS}
        schemaCheck={schemaCheck}
        initialData={initial}
        idPrefix="safety-"
        banner={ANSWER_ALL_BANNER}
        submitLabel="Next"
        onChange={(data) =>
          setSafety((s) => ({
            ...s,
            answers: Object.fromEntries(SAFETY_QUESTIONS.filter((q) => typeof data[q] === 'boolean').map((q) => [q, data[q] as boolean])),
          }))
        }
        onSubmit={next}
        onCancel={() => {
          setBusy('cancel');
          setLeaving('/');
          endWithoutRequest();
        }}
        notice={busy === 'next' ? <Loading message={LOADING_MESSAGES.preparingInformation} /> : undefined}
      />
    </>
  );
}
