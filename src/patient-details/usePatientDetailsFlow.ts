import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FormData } from '../../renderer/index';
import type { FlowType } from '../../generated/types/api/flow-type';
import { getEprPatient, validatePatient } from '../api/index';
import { useApiCall } from '../errors/ErrorNotifications';
import { createFlowStore, useFlowStore, type FlowStore } from '../flows/sessionFlowStore';
import { usePostcodeCheck, type PostcodeQuestion } from '../postcode/usePostcodeCheck';
import { flowSettings } from '../settings/types';
import { useSettings } from '../settings/useSettings';
import { toPatient, type Patient, type PatientValidation } from './patient';
import {
  ADD_GIVEN_EMAIL_STATUSES,
  EMAIL_REQUIRED_STATUSES,
  PHONE_REPLY_STATUSES,
  STATUS_FIX,
  outcomeOf,
  type OutcomeFix,
  type ValidationAnswer,
} from './validationOutcome';

export type PatientDetailsState = 'LOGIN_CHOICE' | 'DETAILS' | 'CONTACT_DETAILS';

/** The query parameter naming the shown screen of the step. */
export const STEP_PARAM = 'step';

/** What the step keeps in sessionStorage while the patient fills it in. */
export interface StepState {
  step: PatientDetailsState;
  /** The patient chose to go on without NHS login. */
  declinedLogin: boolean;
  details: FormData;
  contact: FormData;
  loggedIn: FormData;
  /** Set after NO_EMAIL_ON_EPR_AND_REQUEST / INVALID_EMAIL_ON_EPR_AND_NO_EMAIL_REQUEST: an email becomes required. */
  emailRequired: boolean;
}

const initialState = (): StepState => ({
  step: 'DETAILS',
  declinedLogin: false,
  details: {},
  contact: {},
  loggedIn: {},
  emailRequired: false,
});

const stores = new Map<string, FlowStore<StepState>>();
/** One store per flow, kept in sessionStorage under `patient-details:<flow>`. */
export function patientDetailsStore(flow: string): FlowStore<StepState> {
  let store = stores.get(flow);
  if (!store) {
    store = createFlowStore<StepState>(`patient-details:${flow}`, initialState);
    stores.set(flow, store);
  }
  return store;
}

export interface PatientDetailsResult {
  patient: Patient;
  validation?: PatientValidation;
  /**
   * No usable email on record and none given: the patient chose a phone reply (on the number
   * they gave) instead of adding one. Flows send the request with the associated
   * PATIENT_REFUSED_UPDATE_CONTACT, so the practice knows to phone.
   */
  replyByPhone?: boolean;
  /**
   * The patient gave an email their record does not have (NO_EMAIL, INVALID_EMAIL) and chose to
   * send with it: flows send a CHANGE_OF_CONTACT_DETAILS with this new email beside the request.
   */
  addEmail?: string;
}

export interface PatientDetailsOptions {
  flow: string;
  minAge: number;
  maxAge?: number;
  skipPatientValidation: boolean;
  checkRecord: boolean;
  onComplete: (result: PatientDetailsResult) => void;
}

/** The question the step is asking in a modal, if any (the postcode question is the postcode check's own). */
/** A record-check outcome the patient closed: it stays on the page as a message until they try again. */
export interface Outcome {
  status: Exclude<ValidationAnswer['status'], 'VALIDATED'>;
  fix: OutcomeFix;
  /** The patient as checked, and the check's answer: "Ask the practice to phone me" stays possible from the page. */
  checked?: { patient: Patient; validation?: PatientValidation };
}

/** The id of the message an outcome leaves on the page. */
export const OUTCOME_NOTICE_ID = 'record-check-outcome';
/** The first of the details to check after "not found", and the email box: where focus goes. */
export const DETAILS_FIX_FIELD = 'field-firstName';
export const EMAIL_FIX_FIELD = 'field-emailAddress';
/** The postcode box of the details: focus goes back to it after "Postcode not found" → No. */
export const POSTCODE_FIELD = 'field-postCode';

export type PendingQuestion = { kind: 'noEmail'; contact: FormData } | { kind: 'status'; answer: ValidationAnswer; patient: Patient } | undefined;

/**
 * The patient-details step's state machine and its three calls (postcode check, record check,
 * the logged-in patient's record). Which screen shows:
 * - signed in with NHS login → the short LOGGED_IN_DETAILS form ('loggedIn');
 * - NHS login offered for this flow and not declined → LOGIN_CHOICE;
 * - else DETAILS, then CONTACT_DETAILS (unless skipPatientValidation).
 * The answers live in sessionStorage (`patientDetailsStore`), so a reload keeps them.
 */
export function usePatientDetailsFlow({ flow, minAge, maxAge, skipPatientValidation, checkRecord: recordCheck, onComplete }: PatientDetailsOptions) {
  const { settings, loggedIn, user } = useSettings();
  const call = useApiCall();
  const store = patientDetailsStore(flow);
  const state = useFlowStore(store);
  const postcode = usePostcodeCheck(POSTCODE_FIELD);
  const [pending, setPending] = useState<PendingQuestion>();
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  /** Bumped when an outcome is left on the page without a dialog: the notice takes focus. */
  const [noticeFocus, setNoticeFocus] = useState(0);
  useEffect(() => {
    if (noticeFocus > 0) document.getElementById(OUTCOME_NOTICE_ID)?.focus();
  }, [noticeFocus]);

  const [searchParams, setSearchParams] = useSearchParams();
  const loginOffered = settings.shared.nhsLogin?.enabled === true && flowSettings(settings.patientApp, flow)?.enableNhsLogin !== false && !loggedIn;
  // Each screen is its own history entry (`&step=details`, `&step=contact`), so the browser's
  // Back and the page's back link agree (docs/architecture.md, "Page changes"). Without a step
  // the first screen shows: the login choice when NHS login is offered, else the details.
  const urlStep = searchParams.get(STEP_PARAM);
  const reachedContact = state.step === 'CONTACT_DETAILS';
  const screen: PatientDetailsState | 'loggedIn' = loggedIn
    ? 'loggedIn'
    : urlStep === 'contact' && reachedContact && !skipPatientValidation
      ? 'CONTACT_DETAILS'
      : urlStep === 'details' || urlStep === 'contact' || !loginOffered
        ? 'DETAILS'
        : 'LOGIN_CHOICE';
  /** The address of a screen of the step (the page's own query kept). */
  const stepHref = (step: 'details' | 'contact' | undefined): string => {
    const next = new URLSearchParams(searchParams);
    if (step) next.set(STEP_PARAM, step);
    else next.delete(STEP_PARAM);
    return `${window.location.pathname}?${next.toString()}`;
  };
  const showStep = (step: 'details' | 'contact', focusId?: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(STEP_PARAM, step);
        return next;
      },
      focusId ? { state: { focusId } } : undefined,
    );

  // Where the documents' parameters come from (each resolves its own once loaded: PatientDetailsStep).
  const loggedInContext = useMemo(() => ({ clinic: settings.clinic }), [settings.clinic]);
  const detailsParams = useMemo(() => ({ minAge, maxAge }), [minAge, maxAge]);
  const contactContext = useMemo(
    () => ({ notificationConfig: settings.notificationConfig, clinic: settings.clinic }),
    [settings.notificationConfig, settings.clinic],
  );

  async function checkRecord(patient: Patient) {
    if (skipPatientValidation || !recordCheck) {
      onComplete({ patient });
      return;
    }
    setChecking(true);
    setOutcome(undefined);
    // Every failure has its own outcome (TEMPORARY_ERROR / SERVICE_UNAVAILABLE modal), so no popup.
    const result = await call(() => validatePatient({ patient, flow: flow as FlowType }), { handleErrors: false }).then(
      (answer) => ({ ok: true as const, answer }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    setChecking(false);
    const answer = outcomeOf(result);
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

  function afterDetails(details: FormData) {
    if (skipPatientValidation) {
      onComplete({ patient: toPatient(details, {}) });
      return;
    }
    store.set({ step: 'CONTACT_DETAILS' });
    showStep('contact');
  }

  async function detailsDone(details: FormData) {
    setOutcome(undefined);
    store.set({ details });
    if (await postcode.check(String(details.postCode ?? ''), () => afterDetails(details))) afterDetails(details);
  }

  async function contactDone(contact: FormData) {
    store.set({ contact });
    if (!contact.emailAddress) {
      setPending({ kind: 'noEmail', contact });
      return;
    }
    await checkRecord(toPatient(store.get().details, contact));
  }

  async function loggedInDone(answers: FormData) {
    store.set({ loggedIn: answers });
    // A signed-in patient is validated at once: NHS login vouches for them, and their practice
    // record (epr/patient; a failure is ignored) gives the details.
    const record = await call(getEprPatient, { handleErrors: false }).catch(() => undefined);
    const details = {
      firstName: record?.firstName ?? user?.given_name,
      lastName: record?.lastName ?? user?.family_name,
      dateOfBirth: record?.dateOfBirth ?? user?.birthdate,
      sexAtBirth: answers.sexAtBirth,
      postCode: record?.postCode,
    };
    const contact = {
      emailAddress: user?.email || record?.contactDetails?.emailAddress,
      mobilePhoneNumber: user?.phone_number || record?.contactDetails?.mobilePhoneNumber,
      phoneNumber: answers.phoneNumber,
      type: 'OWN_NUMBER',
    };
    onComplete({ patient: toPatient(details, contact) });
  }

  const postcodeQuestion: PostcodeQuestion = postcode.question;

  return {
    screen,
    state,
    checking,
    loginOffered,
    user,
    tenantId: settings.clinic.tenantId,
    practicePhone: settings.clinic.telephone,
    detailsParams,
    contactContext,
    loggedInContext,
    pending,
    postcodeQuestion,
    /** The patient's answers as they type (kept in sessionStorage). */
    saveDetails: (details: FormData) => store.set({ details }),
    saveContact: (contact: FormData) => store.set({ contact }),
    saveLoggedIn: (answers: FormData) => store.set({ loggedIn: answers }),
    declineLogin: () => {
      store.set({ declinedLogin: true });
      showStep('details');
    },
    /** Where each screen's back link goes when there is no earlier history entry (opened directly). */
    backFallbackOf: (current: PatientDetailsState | 'loggedIn', first: string): string =>
      current === 'CONTACT_DETAILS' ? stepHref('details') : current === 'DETAILS' && loginOffered ? stepHref(undefined) : first,
    detailsDone,
    contactDone,
    loggedInDone,
    /** "No email address given" → Continue: check the record with the details as they are. */
    continueWithoutEmail: () => {
      const contact = pending?.kind === 'noEmail' ? pending.contact : state.contact;
      setPending(undefined);
      void checkRecord(toPatient(store.get().details, contact));
    },
    /**
     * "Ask the practice to phone me" (no usable email anywhere): the step ends with the patient
     * as checked and the phone-reply choice; an email is no longer required if they come back.
     */
    replyByPhone: () => {
      const checked =
        pending?.kind === 'status' && PHONE_REPLY_STATUSES.includes(pending.answer.status)
          ? { patient: pending.patient, validation: pending.answer.validation }
          : outcome && PHONE_REPLY_STATUSES.includes(outcome.status)
            ? outcome.checked
            : undefined;
      if (!checked) return;
      setPending(undefined);
      setOutcome(undefined);
      store.set({ emailRequired: false });
      onComplete({ ...checked, replyByPhone: true });
    },
    /** "Send with this email" (ADD_GIVEN_EMAIL_STATUSES): the step ends with the patient as checked and the email to add. */
    sendWithGivenEmail: () => {
      const checked =
        pending?.kind === 'status' && ADD_GIVEN_EMAIL_STATUSES.includes(pending.answer.status)
          ? { patient: pending.patient, validation: pending.answer.validation }
          : outcome && ADD_GIVEN_EMAIL_STATUSES.includes(outcome.status)
            ? outcome.checked
            : undefined;
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
    outcome,
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
    focusAfterQuestion: (): HTMLElement | null => {
      const fix = outcome?.fix;
      if (fix === 'email') return document.getElementById(EMAIL_FIX_FIELD);
      if (fix === 'call') return document.getElementById(OUTCOME_NOTICE_ID);
      return null; // 'details': the navigation to the details step focuses its first field
    },
  };
}

export type PatientDetailsFlow = ReturnType<typeof usePatientDetailsFlow>;
