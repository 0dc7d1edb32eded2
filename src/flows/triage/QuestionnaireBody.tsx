import type { ReactNode } from 'react';
import { SchemaForm, type FormData } from '../../../renderer/index';
import type { Execution, ExecutionSection } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { EngineErrorPanel } from '../guideline/EngineErrorPanel';
import { triageFlow, type TriageFlowState } from '../guideline/journey';
import type { QuestionnaireFailure } from './questionnaireState';

/** The warning when a visible question is unanswered (SchemaForm's `banner`: renderer/README.md). */
const ANSWER_ALL_BANNER = 'Please answer all questions to proceed';
const DISCARD_TITLE = 'Discard questionnaire';

interface BodyProps {
  flow: TriageFlowState;
  /** An earlier section shown again (Back), with the answers sent. */
  earlier: { section: ExecutionSection; answers: FormData } | undefined;
  /** The card about the patient's own words, when one is up. */
  wordsCard: ReactNode;
  sending: boolean;
  onSubmit: (answers: FormData) => void;
  onCancel: () => void;
  onFinish: (done: Execution) => void;
  onRestart: () => void;
}

/** Drawing the page's body: the section to answer, or what to do when there is none. */
export function QuestionnaireBody({ flow, earlier, wordsCard, sending, onSubmit, onCancel, onFinish, onRestart }: BodyProps) {
  const execution = flow.execution;
  const section = execution?.section;

  function sectionForm(shownSection: ExecutionSection, initialData: FormData) {
    return (
      <SchemaForm
        key={`${shownSection.id}:${shownSection.number}`}
        doc={shownSection.document}
        params={shownSection.parameters}
        initialData={initialData}
        onChange={(data) => triageFlow.set((s) => ({ ...s, drafts: { ...s.drafts, [shownSection.id]: data } }))}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Next"
        banner={ANSWER_ALL_BANNER}
        notice={sending ? <Loading message={LOADING_MESSAGES.gettingNextQuestion} /> : undefined}
      />
    );
  }

  if (earlier) return wordsCard ?? sectionForm(earlier.section, flow.drafts[earlier.section.id] ?? earlier.answers);
  if (execution && execution.status === 'COMPLETED' && flow.finishedTriage) {
    // Back here after the questionnaire was done: nothing to answer again.
    return (
      <>
        <p>You have answered all the questions for this request.</p>
        <button type="button" className="nhsuk-button" onClick={() => onFinish(execution)}>
          Continue
        </button>
      </>
    );
  }
  if (execution && execution.status === 'COMPLETED') {
    // Answered, but the finishing steps did not run (e.g. a reload at that moment).
    return (
      <button type="button" className="nhsuk-button" onClick={() => onFinish(execution)}>
        Continue
      </button>
    );
  }
  if (execution && execution.status !== 'IN_PROGRESS') {
    return (
      <EngineErrorPanel
        error={{ title: 'Questionnaire problem', message: 'This questionnaire has ended. Please start again.' }}
        actions={[{ label: 'Start again', onClick: onRestart }]}
      />
    );
  }
  if (section && wordsCard) return wordsCard;
  if (section) return sectionForm(section, flow.drafts[section.id] ?? (section.answers as FormData));
  return null;
}

/** What went wrong: a failed fetch offers Try again, and every failure Start again. */
export function QuestionnaireProblem({
  failure,
  onRetry,
  onRestart,
}: {
  failure: QuestionnaireFailure | undefined;
  onRetry: () => void;
  onRestart: () => void;
}) {
  if (!failure) return null;
  return (
    <EngineErrorPanel
      error={failure.error}
      actions={
        failure.kind === 'load'
          ? [
              { label: 'Try again', onClick: onRetry },
              { label: 'Start again', onClick: onRestart },
            ]
          : [{ label: 'Start again', onClick: onRestart }]
      }
    />
  );
}

/** "Discard questionnaire": asked by Cancel, and by Back or any link out of a questionnaire under way. */
export function DiscardModal({ open, onDiscard, onStay }: { open: boolean; onDiscard: () => void; onStay: () => void }) {
  return (
    <Modal
      open={open}
      title={DISCARD_TITLE}
      onClose={onStay}
      actions={[
        { label: 'Yes, discard my answers', onClick: onDiscard },
        { label: 'No, go back to the questions', secondary: true, onClick: onStay },
      ]}
    >
      <p>If you leave now, your answers will be deleted and your request will not be sent to the practice.</p>
    </Modal>
  );
}
