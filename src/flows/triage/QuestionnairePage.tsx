import { cancelTarget } from '../guideline/pathwayKind';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useBlocker, useNavigate, useSearchParams } from 'react-router-dom';
import { SchemaForm, toObservations, type FormData } from '../../../renderer/index';
import {
  continueExecution,
  getExecution,
  getGuideline,
  isAiLed,
  putCustomData,
  stopExecution,
  type Execution,
  type ExecutionSection,
  type StartRefusal,
} from '../../api/engine';
import { usePageTitle } from '../../shell/usePageTitle';
import { useLeaveGuard } from '../../shell/useLeaveGuard';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { useFlowStore } from '../sessionFlowStore';
import { preloadAppWidgets } from '../../forms/widgets';
import { prefetchForms } from '../../forms/loadForm';
import { topReferral } from '../../../common';
import { EngineErrorPanel, errorMessage, isOutOfHours, type EngineErrorState } from '../guideline/EngineErrorPanel';
import { SelectedOption } from '../guideline/SelectedOption';
import { handOverToBooking } from './bookingHandover';
import {
  BOOK_APPOINTMENT_PATH,
  TRIAGE_START,
  URGENT,
  bool,
  clearTriageFlow,
  dateTime,
  routeInputsOf,
  routeAfterTriage,
  sectionLabels,
  triageFlow,
  proxyOn,
  type TriageFlowState,
} from '../guideline/journey';
import { goToUrgentBranch } from './urgentBranch';
import { SERVICE_CLOSED_PATH } from '../guideline/safety';
import { useMedicalServiceCheck } from './safety/useSafetyFlow';
import { useLastWhile } from '../guideline/useJourneyBounce';
import { BackLink } from '../../components/BackLink';
import { freeTextAnswers } from '../../screening/freeText';
import { EMERGENCY_ADVICE_PATH, emergencyAdviceState, useWordsScreening } from '../../screening/useWordsScreening';
import { CallThePractice } from '../../components/PracticePhone';

/** The warning when a visible question is unanswered (SchemaForm's `banner`: renderer/README.md). */
export const ANSWER_ALL_BANNER = 'Please answer all questions to proceed';
export const DISCARD_TITLE = 'Discard questionnaire';
export const REFUSAL_TITLE = 'Please check your selection and try again';

/**
 * The page title of a section: the engine numbers sections as they are shown and does not know
 * how many are left. A section holds several questions, so it is a page, not "question N".
 */
export function sectionTitle(label: string | undefined, number: number): string {
  return label ? `${label} — page ${number}` : `Questionnaire — page ${number}`;
}

export const REFUSAL_MESSAGES: Record<StartRefusal, string> = {
  RESTRICTED_BY_AGE: 'This option is not suitable for the age of the person the request is for. Please go back and choose another option.',
  RESTRICTED_BY_SEX: 'This option is not suitable for the sex at birth of the person the request is for. Please go back and choose another option.',
  NOT_AVAILABLE: 'This option is not available at present. Please go back and choose another option.',
};

/**
 * /triage/questionnaire: one section per page, drawn by the renderer from the section document
 * the engine sends. Answers typed but not sent are kept in the flow (sessionStorage) so a
 * reload shows the same section with the same answers. Each section is its own history entry
 * (`?section=<id>`) and title ("<pathway> — page N"): Back (link or browser) shows the
 * section before with the answers sent, and only Next sends anything, so going back never sends
 * a section again. Back from the first section asks to discard the questionnaire.
 */
export default function QuestionnairePage() {
  const current = useFlowStore(triageFlow);
  if (current.refusal && current.selection) return <RefusalPage refusal={current.refusal} label={current.selection.label} />;
  return <QuestionnaireOrBounce current={current} />;
}

function QuestionnaireOrBounce({ current }: { current: TriageFlowState }) {
  // Discarding clears the flow while this page is still on screen: keep showing it until it goes.
  const flow = useLastWhile(current, current.executionId !== undefined && current.selection !== undefined);
  if (!flow?.executionId) return <Navigate to={TRIAGE_START} replace />;
  return <Questionnaire flow={flow} executionId={flow.executionId} />;
}

type Busy = 'next' | 'cancel' | 'load' | undefined;

function Questionnaire({ flow, executionId }: { flow: TriageFlowState; executionId: string }) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const checkService = useMedicalServiceCheck();
  const useProxy = flow.useProxy ?? proxyOn(settings);
  const [busy, setBusy] = useState<Busy>(flow.execution ? undefined : 'load');
  /**
   * What went wrong, by kind: `load` (the section could not be fetched: Try again or Start again)
   * or `answer` (the engine refused the answers: Start again). The title shown is the product's.
   */
  const [failure, setFailure] = useState<{ kind: 'load' | 'answer'; error: EngineErrorState }>();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const leaving = useRef(false);
  const execution = flow.execution;
  const inProgress = execution?.status === 'IN_PROGRESS';
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('section');
  const answered = flow.answered ?? [];
  const current = execution?.section ?? undefined;
  // Back to a section answered before: its document and the answers sent, kept in the flow.
  const earlier = wanted && wanted !== current?.id ? answered.find((a) => a.section.id === wanted) : undefined;
  const shown: ExecutionSection | undefined = earlier?.section ?? (inProgress ? current : undefined);
  usePageTitle(shown ? sectionTitle(flow.selection?.label, shown.number) : undefined);
  // The address names the section on screen: a section not (or no longer) answered shows the current one.
  useEffect(() => {
    if (!inProgress || !current || earlier || wanted === current.id) return;
    setSearch({ section: current.id }, { replace: true });
  }, [inProgress, current, earlier, wanted, setSearch]);

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

  const load = useCallback(async () => {
    setFailure(undefined);
    setBusy('load');
    try {
      const fresh = await getExecution(executionId, useProxy);
      triageFlow.set({ execution: fresh });
      setBusy(undefined);
    } catch (error) {
      setBusy(undefined);
      setFailure({ kind: 'load', error: { title: 'Unable to prepare information', message: errorMessage(error) } });
    }
  }, [executionId, useProxy]);

  // Nothing cached (e.g. the tab's storage was trimmed): ask the engine where the patient is.
  useEffect(() => {
    if (triageFlow.get().execution) return;
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
        setFailure({ kind: 'load', error: { title: 'Unable to prepare information', message: errorMessage(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [executionId, useProxy]);

  const serviceClosed = useCallback(
    (error: unknown) => {
      leaving.current = true;
      // The service closed: stop the questionnaire (best effort) and show the service-closed screen.
      void stopExecution(executionId, useProxy).catch(() => undefined);
      handleError(error, { flow: 'medical' });
    },
    [executionId, handleError, useProxy],
  );

  const finish = useCallback(
    async (done: Execution) => {
      const finishedOn = new Date().toISOString();
      const referral = topReferral(done.recommendations);
      const [aiLed, checkForAppointments] = await Promise.all([
        isAiLed(done.guidelineId, referral?.referralId).catch(() => false),
        // Without the summary the request is sent without offering slots (the practice still gets it).
        getGuideline(done.guidelineId, useProxy).then(
          (g) => g.checkForAppointments === true,
          () => false,
        ),
      ]);
      // A new result: the patient has not yet seen (or gone on from) the ending screen of its tier.
      triageFlow.set({ execution: done, finishedTriage: true, finishedOn, aiLed, checkForAppointments, pastEnding: undefined });
      try {
        await putCustomData(done.identifier, [bool('finishedTriage', true), dateTime('finishedOn', finishedOn), bool('isAiLed', aiLed)], useProxy);
      } catch (error) {
        if (isOutOfHours(error)) return serviceClosed(error);
        // Bookkeeping only: the patient's answers are complete, so they go on.
      }
      const next = routeAfterTriage(routeInputsOf(triageFlow.get(), settings, done.recommendations));
      leaving.current = true;
      if (next === URGENT) {
        // An urgent result checks the operational state first (spec, questionnaire flow): the
        // embedded engine refuses while the service is off, but a practice's own engine may not.
        if (await checkService()) {
          void stopExecution(done.identifier, useProxy).catch(() => undefined);
          await navigate(SERVICE_CLOSED_PATH, { replace: true });
          clearTriageFlow();
          return;
        }
        goToUrgentBranch(navigate);
      }
      // An appointment: the booking screen takes its request from startBooking (flow:booking).
      else if (next === BOOK_APPOINTMENT_PATH) await navigate(handOverToBooking(triageFlow.get(), settings) ?? '/eligibility/something-went-wrong');
      // The next page (In your own words, booking, an outcome) is a new entry: Back returns to the last section with its answers.
      else await navigate(next);
    },
    [checkService, navigate, serviceClosed, settings, useProxy],
  );

  // The patient's own words (TEXT answers) are screened before the section is sent.
  const words = useWordsScreening((matches) => {
    leaving.current = true;
    void navigate(EMERGENCY_ADVICE_PATH, { state: emergencyAdviceState(matches) });
  });

  function screenThenNext(answers: FormData) {
    const section = shown;
    if (!section) return;
    words.screen(freeTextAnswers(section.document, answers), () => next(answers));
  }

  async function next(answers: FormData) {
    const section = shown;
    if (!execution || !section) return;
    words.dismiss();
    setFailure(undefined);
    setBusy('next');
    triageFlow.set((s) => ({ ...s, labels: { ...s.labels, ...sectionLabels(section.document) } }));
    try {
      const answer = await continueExecution(
        executionId,
        { sectionId: section.id, responseData: toObservations({ id: section.id, document: section.document }, answers) },
        useProxy,
      );
      triageFlow.set((s) => {
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
      });
      if (answer.status === 'COMPLETED') await finish(answer);
      // The next section is a new history entry: the shell scrolls up, focuses its h1 and announces its title.
      else if (answer.section) await navigate({ search: `?section=${encodeURIComponent(answer.section.id)}` });
      setBusy(undefined);
    } catch (error) {
      setBusy(undefined);
      if (isOutOfHours(error)) return serviceClosed(error);
      setFailure({ kind: 'answer', error: { title: 'Questionnaire problem', message: errorMessage(error) } });
    }
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

  const selection = flow.selection;
  const section = execution?.section;
  const restart = () => {
    void leave(TRIAGE_START).then(clearTriageFlow);
  };

  function sectionForm(shownSection: ExecutionSection, initialData: FormData) {
    return (
      <SchemaForm
        key={`${shownSection.id}:${shownSection.number}`}
        doc={shownSection.document}
        params={shownSection.parameters}
        initialData={initialData}
        onChange={(data) => triageFlow.set((s) => ({ ...s, drafts: { ...s.drafts, [shownSection.id]: data } }))}
        onSubmit={screenThenNext}
        onCancel={() => setConfirmDiscard(true)}
        submitLabel="Next"
        banner={ANSWER_ALL_BANNER}
        notice={busy === 'next' ? <Loading message={LOADING_MESSAGES.gettingNextQuestion} /> : undefined}
      />
    );
  }

  let body;
  if (earlier) {
    body = words.card ?? sectionForm(earlier.section, flow.drafts[earlier.section.id] ?? earlier.answers);
  } else if (execution && execution.status === 'COMPLETED' && flow.finishedTriage) {
    // Back here after the questionnaire was done: nothing to answer again.
    body = (
      <>
        <p>You have answered all the questions for this request.</p>
        <button type="button" className="nhsuk-button" onClick={() => void finish(execution)}>
          Continue
        </button>
      </>
    );
  } else if (execution && execution.status === 'COMPLETED') {
    // Answered, but the finishing steps did not run (e.g. a reload at that moment).
    body = (
      <button type="button" className="nhsuk-button" onClick={() => void finish(execution)}>
        Continue
      </button>
    );
  } else if (execution && execution.status !== 'IN_PROGRESS') {
    body = (
      <EngineErrorPanel
        error={{ title: 'Questionnaire problem', message: 'This questionnaire has ended. Please start again.' }}
        actions={[{ label: 'Start again', onClick: restart }]}
      />
    );
  } else if (section && words.card) {
    body = words.card;
  } else if (section) {
    body = sectionForm(section, flow.drafts[section.id] ?? (section.answers as FormData));
  }

  return (
    <>
      <BackLink fallback="/triage" />
      {selection ? <SelectedOption label={selection.label} /> : null}
      {failure ? (
        <EngineErrorPanel
          error={failure.error}
          actions={
            failure.kind === 'load'
              ? [
                  { label: 'Try again', onClick: () => void load() },
                  { label: 'Start again', onClick: restart },
                ]
              : [{ label: 'Start again', onClick: restart }]
          }
        />
      ) : null}
      {body}
      <Modal
        open={confirmDiscard || blocker.state === 'blocked'}
        title={DISCARD_TITLE}
        onClose={() => {
          setConfirmDiscard(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        actions={[
          { label: 'Yes, discard my answers', onClick: () => void discard() },
          {
            label: 'No, go back to the questions',
            secondary: true,
            onClick: () => {
              setConfirmDiscard(false);
              if (blocker.state === 'blocked') blocker.reset();
            },
          },
        ]}
      >
        <p>If you leave now, your answers will be deleted and your request will not be sent to the practice.</p>
      </Modal>
    </>
  );
}

function RefusalPage({ refusal, label }: { refusal: StartRefusal; label: string }) {
  const navigate = useNavigate();
  const { settings } = useSettings();
  const phone = settings.clinic.telephone;
  return (
    <>
      <SelectedOption label={label} />
      <h1>{REFUSAL_TITLE}</h1>
      <p data-testid="refusal-message">{REFUSAL_MESSAGES[refusal]}</p>
      {phone ? (
        <p>
          <CallThePractice before="If you are not sure which option to choose, call the practice" />
        </p>
      ) : null}
      <button
        type="button"
        className="nhsuk-button"
        onClick={() => {
          triageFlow.set((s) => ({ lastSearch: s.lastSearch, drafts: {}, labels: {} }));
          void navigate(TRIAGE_START, { replace: true });
        }}
      >
        Choose another option
      </button>
    </>
  );
}
