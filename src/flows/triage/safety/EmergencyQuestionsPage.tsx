import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm, type FormData, type FormDocument } from '../../../../renderer/index';
import { FormLoadProblem, useForm } from '../../../forms/useForm';
import { prefetchForms } from '../../../forms/loadForm';
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
import { outcomeWords } from '../../../../common';

export const EMERGENCY_QUESTIONS = 'EMERGENCY_QUESTIONS';
/** The form the override step after this one draws: asked for while the patient answers here. */
const EMERGENCY_OVERRIDE = 'EMERGENCY_OVERRIDE';

/** Each safety question's wording in the document (what the practice reads beside the answers). */
export function safetyLabels(doc: FormDocument): Record<SafetyQuestion, string> {
  return Object.fromEntries(SAFETY_QUESTIONS.map((q) => [q, String(doc.schema.properties[q]?.title ?? q)])) as Record<SafetyQuestion, string>;
}

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
  // The document from the practice (prefetched by the questionnaire, the step before).
  const loading = useForm(EMERGENCY_QUESTIONS);
  const loaded = loading.status === 'ready' ? loading.form : undefined;
  const labels = useMemo(() => (loaded ? safetyLabels(loaded.doc) : undefined), [loaded]);

  useEffect(() => {
    prefetchForms(EMERGENCY_OVERRIDE);
  }, []);

  useEffect(() => {
    if (!executionId || reached || !labels) return;
    setSafety((s) => ({ ...s, reachedEmergencyQuestions: true, labels }));
    void putCustomData(executionId, [bool('reachedEmergencyQuestions', true)], useProxy).catch(() => undefined);
  }, [executionId, reached, useProxy, labels]);

  if (leaving) return <Navigate to={leaving} replace />;
  if (!flow?.execution) return <Navigate to={TRIAGE_START} replace />;
  if (busy === 'cancel') return <Loading message={LOADING_MESSAGES.cancellingQuestionnaire} />;
  if (loading.status !== 'ready') return <FormLoadProblem state={loading} />;
  const form = loading.form;
  const words = labels ?? safetyLabels(form.doc);
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
    setSafety((s) => ({ ...s, answers: given, labels: words }));
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

  const reason = outcomeWords(flow.execution?.recommendations ?? [])[0]
    ?.title.replace(/\.$/, '')
    .toLowerCase();
  return (
    <>
      <BackLink fallback="/triage" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      {/* Why the patient is here: the answers pointed to A&E; these questions check whether it is safe to wait. */}
      <div className="nhsuk-inset-text" data-testid="safety-reason">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p>
          Your answers suggest you may need A&amp;E.{reason ? ` ${reason}` : ''} These questions check whether it is safe for you to wait for GP care instead.
        </p>
        <p data-testid="safety-answers-mean">
          Answer each question about how you are now: Yes means it is true for you now. A No to any of them strongly suggests you need A&amp;E. Either way, the
          next page lets you choose between going to A&amp;E and asking your GP practice.
        </p>
      </div>
      <SchemaForm
        doc={form.doc}
        schemaCheck={form.schemaCheck}
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
