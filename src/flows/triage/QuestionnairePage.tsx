import { cancelTarget } from '../guideline/pathwayKind';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { FormData } from '../../../renderer/index';
import { stopExecution, type Execution } from '../../api/engine';
import { useBlocker, useLeaveGuard } from '../../shell/useLeaveGuard';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useSettings } from '../../settings/useSettings';
import { useFlowState } from '../flowState';
import { preloadAppWidgets } from '../../forms/widgets';
import { prefetchForms } from '../../forms/loadForm';
import { SelectedOption } from '../guideline/SelectedOption';
import { TRIAGE_START, clearTriageFlow, triageFlow, proxyOn, type TriageFlowState } from '../guideline/journey';
import { useLastWhile } from '../guideline/useJourneyBounce';
import { BackLink } from '../../components/BackLink';
import { freeTextAnswers } from '../../screening/freeText';
import { EMERGENCY_ADVICE_PATH, emergencyAdviceState, useWordsScreening } from '../../screening/useWordsScreening';
import { DiscardModal, QuestionnaireBody, QuestionnaireProblem } from './QuestionnaireBody';
import type { QuestionnaireBusy, QuestionnaireFailure } from './questionnaireState';
import { RefusalPage } from './RefusalPage';
import { useQuestionnaireFinish } from './useQuestionnaireFinish';
import { useSectionFetch } from './useSectionFetch';
import { useSendSection } from './useSendSection';
import { useShownSection } from './useShownSection';
import { drawnFlow, useDrawnSection, type DrawnSection } from './drawnSection';
import { useHydrated } from '../../routing/useHydrated';

/**
 * /triage/questionnaire: one section per page, drawn by the renderer from the section document
 * the engine sends. Answers typed but not sent are kept in the flow (sessionStorage) so a
 * reload shows the same section with the same answers. Each section is its own history entry
 * (`?section=<id>&execution=<id>`: the server can draw it on a reload) and title ("<pathway> — page N"): Back (link or browser) shows the
 * section before with the answers sent, and only Next sends anything, so going back never sends
 * a section again. Back from the first section asks to discard the questionnaire.
 */
export default function QuestionnairePage() {
  const hydrated = useHydrated();
  const drawn = useDrawnSection();
  // The server cannot read the tab's flow (sessionStorage): it draws the section it read from the
  // engine (src/flows/triage/drawnSection.ts), and the browser draws the same while it hydrates.
  // Then the tab's flow takes over: a new tree, so its drafts fill the fields (same layout).
  if (!hydrated) {
    return drawn ? (
      <Questionnaire flow={drawnFlow(drawn)} executionId={drawn.execution.identifier} known={drawn.execution} />
    ) : (
      <Loading message={LOADING_MESSAGES.preparingInformation} />
    );
  }
  return <TabQuestionnaire drawn={drawn} />;
}

function TabQuestionnaire({ drawn }: { drawn: DrawnSection | undefined }) {
  const current = useFlowState(triageFlow);
  if (current.refusal && current.selection) return <RefusalPage refusal={current.refusal} label={current.selection.label} />;
  return <QuestionnaireOrBounce current={current} drawn={drawn} />;
}

function QuestionnaireOrBounce({ current, drawn }: { current: TriageFlowState; drawn: DrawnSection | undefined }) {
  // Discarding clears the flow while this page is still on screen: keep showing it until it goes.
  const flow = useLastWhile(current, current.executionId !== undefined && current.selection !== undefined);
  if (!flow?.executionId) return <Navigate to={TRIAGE_START} replace />;
  // The page carried this execution and the tab has lost its copy: drawn from it, never asked again.
  const known = drawn?.execution.identifier === flow.executionId ? drawn.execution : undefined;
  return <Questionnaire flow={flow.execution || !known ? flow : { ...flow, execution: known }} executionId={flow.executionId} known={known} />;
}

function Questionnaire({ flow, executionId, known }: { flow: TriageFlowState; executionId: string; known?: Execution }) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const useProxy = flow.useProxy ?? proxyOn(settings);
  const [busy, setBusy] = useState<QuestionnaireBusy>(flow.execution ? undefined : 'load');
  const [failure, setFailure] = useState<QuestionnaireFailure>();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const leaving = useRef(false);
  const execution = flow.execution;
  const inProgress = execution?.status === 'IN_PROGRESS';
  const { earlier, shown } = useShownSection(flow);

  // A section may name one of the app's own widgets (a 0–10 scale): load them before it is drawn.
  // The forms of the steps after the questionnaire come now too, so each draws at once: the
  // emergency questions (an urgent result; the first screen of the safety check) and the
  // patient context (free text on).
  useEffect(() => {
    void preloadAppWidgets();
    prefetchForms('EMERGENCY_QUESTIONS', 'PATIENT_CONTEXT');
  }, []);

  // The browser's leave prompt ("Reload page?") while answers could be lost; the one guard every
  // flow uses, so signing out (allowLeaving) is never asked.
  useLeaveGuard(inProgress);

  // The back button (or any link) out of a questionnaire under way asks to discard it first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => inProgress && !leaving.current && currentLocation.pathname !== nextLocation.pathname);

  const leave = useCallback(
    async (to: string, replace = true) => {
      leaving.current = true;
      await navigate(to, { replace });
    },
    [navigate],
  );

  const load = useSectionFetch(executionId, useProxy, setBusy, setFailure, known);
  const { finish, serviceClosed } = useQuestionnaireFinish(executionId, useProxy, leaving);

  // The patient's own words (TEXT answers) are screened before the section is sent.
  const words = useWordsScreening((matches) => {
    leaving.current = true;
    void navigate(EMERGENCY_ADVICE_PATH, { state: emergencyAdviceState(matches) });
  });
  const next = useSendSection({ executionId, useProxy, execution, shown, setBusy, setFailure, beforeSend: words.dismiss, finish, serviceClosed });

  function screenThenNext(answers: FormData) {
    const section = shown;
    if (!section) return;
    words.screen(freeTextAnswers(section.document, answers), () => next(answers));
  }

  async function discard() {
    setConfirmDiscard(false);
    setBusy('cancel');
    await stopExecution(executionId, useProxy).catch(() => undefined);
    // Leave first: with the flow cleared while this page is shown, it would send the patient to the search.
    if (blocker.state === 'blocked') {
      leaving.current = true;
      blocker.proceed();
    } else {
      await leave(cancelTarget(flow.selection));
    }
    clearTriageFlow();
  }

  if (busy === 'cancel') return <Loading message={LOADING_MESSAGES.cancellingQuestionnaire} />;
  if (busy === 'load') return <Loading message={LOADING_MESSAGES.preparingInformation} />;

  const restart = () => {
    void leave(TRIAGE_START).then(clearTriageFlow);
  };
  const stay = () => {
    setConfirmDiscard(false);
    if (blocker.state === 'blocked') blocker.reset();
  };

  return (
    <>
      <BackLink fallback="/triage" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      <QuestionnaireProblem failure={failure} onRetry={() => void load()} onRestart={restart} />
      <QuestionnaireBody
        flow={flow}
        earlier={earlier}
        wordsCard={words.card}
        sending={busy === 'next'}
        onSubmit={screenThenNext}
        onCancel={() => setConfirmDiscard(true)}
        onFinish={(done) => void finish(done)}
        onRestart={restart}
      />
      <DiscardModal open={confirmDiscard || blocker.state === 'blocked'} onDiscard={() => void discard()} onStay={stay} />
    </>
  );
}
