import { useEffect, useState } from 'react';
import type { FormData } from '../../renderer/index';
import type { FlowType } from '../../generated/types/api/flow-type';
import { validatePatient } from '../api/index';
import { useApiCall } from '../errors/ErrorNotifications';
import type { FlowState } from '../flows/flowState';
import { toPatient, type Patient } from './patient';
import {
  DETAILS_FIX_FIELD,
  EMAIL_FIX_FIELD,
  OUTCOME_NOTICE_ID,
  type Outcome,
  type PatientDetailsResult,
  type PendingQuestion,
  type StepState,
} from './patientDetailsState';
import {
  ADD_GIVEN_EMAIL_STATUSES,
  EMAIL_REQUIRED_STATUSES,
  PHONE_REPLY_STATUSES,
  STATUS_FIX,
  outcomeOf,
  type ValidationAnswer,
  type ValidationStatus,
} from './validationOutcome';

interface RecordCheckOptions {
  flow: string;
  store: FlowState<StepState>;
  /** No record check for this flow: the step ends with the patient as given. */
  skip: boolean;
  onComplete: (result: PatientDetailsResult) => void;
  showStep: (step: 'details' | 'contact', focusId?: string) => void;
}

/** The patient as checked, when the question asked or the outcome left on the page has one of `statuses`. */
function checkedIn(statuses: readonly ValidationStatus[], pending: PendingQuestion, outcome: Outcome | undefined): Outcome['checked'] {
  return pending?.kind === 'status' && statuses.includes(pending.answer.status)
    ? { patient: pending.patient, validation: pending.answer.validation }
    : outcome && statuses.includes(outcome.status)
      ? outcome.checked
      : undefined;
}

/** The record check's answer, a failed call included: every failure has its own outcome (TEMPORARY_ERROR / SERVICE_UNAVAILABLE modal), so no popup. */
async function recordAnswer(call: ReturnType<typeof useApiCall>, patient: Patient, flow: string): Promise<ValidationAnswer> {
  const result = await call(() => validatePatient({ patient, flow: flow as FlowType }), { handleErrors: false }).then(
    (answer) => ({ ok: true as const, answer }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return outcomeOf(result);
}

/** Where focus goes when a modal closes (the modal outcome pattern). */
function focusAfter(outcome: Outcome | undefined): HTMLElement | null {
  const fix = outcome?.fix;
  if (fix === 'email') return document.getElementById(EMAIL_FIX_FIELD);
  if (fix === 'call') return document.getElementById(OUTCOME_NOTICE_ID);
  return null; // 'details': the navigation to the details step focuses its first field
}

/**
 * The record check after the contact details and what the patient does with its answer: the
 * question asked in a modal (`pending`), the outcome left on the page once closed, and each way
 * on from them (phone reply, send with the given email, try again).
 */
export function useRecordCheck({ flow, store, skip, onComplete, showStep }: RecordCheckOptions) {
  const call = useApiCall();
  const [pending, setPending] = useState<PendingQuestion>();
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  /** Bumped when an outcome is left on the page without a dialog: the notice takes focus. */
  const [noticeFocus, setNoticeFocus] = useState(0);
  useEffect(() => {
    if (noticeFocus > 0) document.getElementById(OUTCOME_NOTICE_ID)?.focus();
  }, [noticeFocus]);

  async function checkRecord(patient: Patient) {
    if (skip) {
      onComplete({ patient });
      return;
    }
    setChecking(true);
    setOutcome(undefined);
    const answer = await recordAnswer(call, patient, flow);
    setChecking(false);
    if (answer.status === 'VALIDATED') {
      onComplete({ patient, validation: answer.validation });
      return;
    }
    if (EMAIL_REQUIRED_STATUSES.includes(answer.status)) store.set({ emailRequired: true });
    if (answer.dialog === false) {
      // A not-found answer shows no dialog: its message is on the page, focused.
      setOutcome({ status: answer.status as Outcome['status'], fix: 'call' });
      setNoticeFocus((n) => n + 1);
      return;
    }
    setPending({ kind: 'status', answer, patient });
  }

  return {
    checking,
    pending,
    outcome,
    checkRecord,
    clearOutcome: () => setOutcome(undefined),
    /** No email given: ask whether to go on without one. */
    askAboutNoEmail: (contact: FormData) => setPending({ kind: 'noEmail', contact }),
    /** "No email address given" → Continue: check the record with the details as they are. */
    continueWithoutEmail: () => {
      const contact = pending?.kind === 'noEmail' ? pending.contact : store.get().contact;
      setPending(undefined);
      void checkRecord(toPatient(store.get().details, contact));
    },
    /**
     * "Ask the practice to phone me" (no usable email anywhere): the step ends with the patient
     * as checked and the phone-reply choice; an email is no longer required if they come back.
     */
    replyByPhone: () => {
      const checked = checkedIn(PHONE_REPLY_STATUSES, pending, outcome);
      if (!checked) return;
      setPending(undefined);
      setOutcome(undefined);
      store.set({ emailRequired: false });
      onComplete({ ...checked, replyByPhone: true });
    },
    /** "Send with this email" (ADD_GIVEN_EMAIL_STATUSES): the step ends with the patient as checked and the email to add. */
    sendWithGivenEmail: () => {
      const checked = checkedIn(ADD_GIVEN_EMAIL_STATUSES, pending, outcome);
      const email = checked?.patient.contactDetails?.emailAddress;
      if (!checked || !email) return;
      setPending(undefined);
      setOutcome(undefined);
      onComplete({ ...checked, addEmail: email });
    },
    /**
     * "Try again" after a "try later" status (TRY_AGAIN_STATUSES): the same check with the
     * patient as checked, from the modal or from the message left on the page.
     */
    tryAgain: () => {
      const patient = pending?.kind === 'status' ? pending.patient : outcome?.checked?.patient;
      if (!patient) return;
      setPending(undefined);
      void checkRecord(patient);
    },
    /**
     * The modal outcome pattern: closing a record-check modal leaves its message on the page and
     * takes the patient to what must be fixed — the details step (its first field focused)
     * after "not found", the email box after an email status, else the message itself.
     */
    dismissQuestion: () => {
      if (pending?.kind === 'status' && pending.answer.status !== 'VALIDATED') {
        const status = pending.answer.status;
        const fix = STATUS_FIX[status];
        setOutcome({ status, fix, checked: { patient: pending.patient, validation: pending.answer.validation } });
        if (fix === 'details') showStep('details', DETAILS_FIX_FIELD);
      }
      setPending(undefined);
    },
    /** Where focus goes when a modal closes (the modal outcome pattern). */
    focusAfterQuestion: () => focusAfter(outcome),
  };
}
