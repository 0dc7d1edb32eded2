import { useMemo } from 'react';
import type { FormData } from '../../renderer/index';
import { getEprPatient } from '../api/index';
import { useApiCall } from '../errors/ErrorNotifications';
import { useFlowState } from '../flows/flowState';
import { usePostcodeCheck, type PostcodeQuestion } from '../postcode/usePostcodeCheck';
import { useSettings } from '../settings/useSettings';
import { signedInPatient, toPatient } from './patient';
import { POSTCODE_FIELD, patientDetailsStore, type PatientDetailsResult, type PatientDetailsState } from './patientDetailsState';
import { useRecordCheck } from './useRecordCheck';
import { useStepScreen } from './useStepScreen';

// The step's query parameter is read by the flows that draw the step.
export { STEP_PARAM } from './patientDetailsState';

export interface PatientDetailsOptions {
  flow: string;
  minAge: number;
  maxAge?: number;
  skipPatientValidation: boolean;
  checkRecord: boolean;
  onComplete: (result: PatientDetailsResult) => void;
}

/**
 * The patient-details step's state machine and its three calls (postcode check, record check,
 * the logged-in patient's record). Which screen shows:
 * - signed in with NHS login → the short LOGGED_IN_DETAILS form ('loggedIn');
 * - NHS login offered for this flow and not declined → LOGIN_CHOICE;
 * - else DETAILS, then CONTACT_DETAILS (unless skipPatientValidation).
 * The answers live in sessionStorage (`patientDetailsStore`), so a reload keeps them.
 */
export function usePatientDetailsFlow({ flow, minAge, maxAge, skipPatientValidation, checkRecord: recordCheck, onComplete }: PatientDetailsOptions) {
  const { settings, user } = useSettings();
  const call = useApiCall();
  const store = patientDetailsStore(flow);
  const state = useFlowState(store);
  const postcode = usePostcodeCheck(POSTCODE_FIELD);

  const { screen, loginOffered, stepHref, showStep } = useStepScreen(flow, state, skipPatientValidation);

  // Where the documents' parameters come from (each resolves its own once loaded: PatientDetailsStep).
  const loggedInContext = useMemo(() => ({ clinic: settings.clinic }), [settings.clinic]);
  const detailsParams = useMemo(() => ({ minAge, maxAge }), [minAge, maxAge]);
  const contactContext = useMemo(
    () => ({ notificationConfig: settings.notificationConfig, clinic: settings.clinic }),
    [settings.notificationConfig, settings.clinic],
  );

  const check = useRecordCheck({ flow, store, skip: skipPatientValidation || !recordCheck, onComplete, showStep });

  function afterDetails(details: FormData) {
    if (skipPatientValidation) {
      onComplete({ patient: toPatient(details, {}) });
      return;
    }
    store.set({ step: 'CONTACT_DETAILS' });
    showStep('contact');
  }

  async function detailsDone(details: FormData) {
    check.clearOutcome();
    store.set({ details });
    if (await postcode.check(String(details.postCode ?? ''), () => afterDetails(details))) afterDetails(details);
  }

  async function contactDone(contact: FormData) {
    store.set({ contact });
    if (!contact.emailAddress) {
      check.askAboutNoEmail(contact);
      return;
    }
    await check.checkRecord(toPatient(store.get().details, contact));
  }

  async function loggedInDone(answers: FormData) {
    store.set({ loggedIn: answers });
    // A failure to read the practice record is ignored: NHS login's details stand.
    const record = await call(getEprPatient, { handleErrors: false }).catch(() => undefined);
    onComplete({ patient: signedInPatient(record, user, answers) });
  }

  const postcodeQuestion: PostcodeQuestion = postcode.question;

  return {
    screen,
    state,
    checking: check.checking,
    loginOffered,
    user,
    tenantId: settings.clinic.tenantId,
    practicePhone: settings.clinic.telephone,
    detailsParams,
    contactContext,
    loggedInContext,
    pending: check.pending,
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
    continueWithoutEmail: check.continueWithoutEmail,
    replyByPhone: check.replyByPhone,
    sendWithGivenEmail: check.sendWithGivenEmail,
    tryAgain: check.tryAgain,
    outcome: check.outcome,
    dismissQuestion: check.dismissQuestion,
    focusAfterQuestion: check.focusAfterQuestion,
  };
}

export type PatientDetailsFlow = ReturnType<typeof usePatientDetailsFlow>;
