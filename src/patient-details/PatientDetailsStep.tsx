import { useEffect, useMemo, type ReactNode } from 'react';
import { resolveParameters } from '../../renderer/index';
import { BackLink } from '../components/BackLink';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { prefetchForms, type LoadedForm } from '../forms/loadForm';
import { FormLoadProblem, useForm } from '../forms/useForm';
import { usePageTitle } from '../shell/usePageTitle';
import { hasUnsentAnswers, useLeaveGuard } from '../shell/useLeaveGuard';
import { STEP_FORM_IDS, type StepRewording } from './steps/forms';
import { patientDetailsStore, usePatientDetailsFlow, type PatientDetailsResult, type PatientDetailsState } from './usePatientDetailsFlow';
import { ContactDetailsStep } from './steps/ContactDetailsStep';
import { DetailsStep } from './steps/DetailsStep';
import { LoggedInDetailsStep } from './steps/LoggedInDetailsStep';
import { LoginChoiceStep } from './steps/LoginChoiceStep';
import { OutcomeNotice, PatientDetailsModals } from './steps/PatientDetailsModals';

export { patientDetailsStore, type PatientDetailsResult, type PatientDetailsState } from './usePatientDetailsFlow';

export interface PatientDetailsStepProps {
  /** Flow type (ADMIN_REQUEST, MEDICAL_REQUEST…): selects flowConfig and the validate call's `flow`. */
  flow: string;
  minAge?: number;
  maxAge?: number;
  /** Details only: no contact-details page and no record check. */
  skipPatientValidation?: boolean;
  /**
   * Check the patient against the practice record after the contact details (default true).
   * Admin forms that do not need a record still collect contact details, so the practice can
   * reply, but skip the check.
   */
  checkRecord?: boolean;
  onComplete: (result: PatientDetailsResult) => void;
  onCancel: () => void;
  /** Where the first screen's back link goes when the page was opened directly (e.g. the flow's menu). */
  backFallback: string;
  /** A caption drawn above each screen's heading (e.g. the request's name), under the back link. */
  caption?: ReactNode;
  /**
   * The details and contact-details documents reworded for who is asking (a parent about a
   * child); same fields and rules, so the precompiled checks still apply. The page titles follow.
   */
  reword?: StepRewording;
}

/** The page names (h1) of the screens that are not form documents, or whose document has not loaded yet. */
export const STEP_TITLES: Record<PatientDetailsState | 'loggedIn', string> = {
  LOGIN_CHOICE: 'Do you want to use NHS login?',
  DETAILS: 'Your details',
  CONTACT_DETAILS: 'Your contact details',
  loggedIn: 'Your details',
};

/** The form document each screen draws (the login choice draws none). */
const SCREEN_FORM: Record<PatientDetailsState | 'loggedIn', string | undefined> = {
  LOGIN_CHOICE: undefined,
  DETAILS: STEP_FORM_IDS.details,
  CONTACT_DETAILS: STEP_FORM_IDS.contact,
  loggedIn: STEP_FORM_IDS.loggedIn,
};

function StepTitle({ screen, form }: { screen: PatientDetailsState | 'loggedIn'; form: LoadedForm | undefined }) {
  usePageTitle(form?.doc.pages[0]?.title ?? STEP_TITLES[screen]);
  return null;
}

/**
 * The shared patient-details step every flow starts with (README, "Patient details"): the NHS
 * login choice, the signed-in short form, or DETAILS then CONTACT_DETAILS; the postcode check,
 * the email prompt, and the record check with one modal per failing status. The state machine
 * and the calls are `usePatientDetailsFlow`; each screen is a component under `steps/`.
 */
export function PatientDetailsStep({
  flow,
  minAge = 16,
  maxAge,
  skipPatientValidation = false,
  checkRecord = true,
  onComplete,
  onCancel,
  backFallback,
  caption,
  reword,
}: PatientDetailsStepProps) {
  const f = usePatientDetailsFlow({
    flow,
    minAge,
    maxAge,
    skipPatientValidation,
    checkRecord,
    onComplete,
  });

  useLeaveGuard(hasUnsentAnswers(f.state.details) || hasUnsentAnswers(f.state.contact));

  // Each screen's document comes from the server; the next screen's is fetched while the patient
  // reads this one, so Next draws it at once.
  const loading = useForm(SCREEN_FORM[f.screen]);
  const loaded = loading.status === 'ready' ? loading.form : undefined;
  useEffect(() => {
    if (f.screen === 'LOGIN_CHOICE') prefetchForms(STEP_FORM_IDS.details, STEP_FORM_IDS.contact);
    else if (f.screen === 'DETAILS' && !skipPatientValidation) prefetchForms(STEP_FORM_IDS.contact);
  }, [f.screen, skipPatientValidation]);
  const form = useMemo((): LoadedForm | undefined => {
    if (!loaded) return undefined;
    const words = f.screen === 'DETAILS' ? reword?.details : f.screen === 'CONTACT_DETAILS' ? reword?.contact : undefined;
    return words ? { ...loaded, doc: words(loaded.doc) } : loaded;
  }, [loaded, f.screen, reword]);
  const { loggedInContext, contactContext } = f;
  const emailRequired = f.state.emailRequired;
  const params = useMemo(() => {
    if (!form) return {};
    if (f.screen === 'loggedIn') return resolveParameters(form.doc, loggedInContext);
    if (f.screen === 'CONTACT_DETAILS') return { ...resolveParameters(form.doc, contactContext), emailRequired };
    return {};
  }, [form, f.screen, loggedInContext, contactContext, emailRequired]);

  if (f.checking) return <Loading message={LOADING_MESSAGES.patientCheck} />;
  if (loading.status !== 'ready' && f.screen !== 'LOGIN_CHOICE') {
    return (
      <>
        <StepTitle screen={f.screen} form={undefined} />
        <FormLoadProblem state={loading} />
      </>
    );
  }

  const back = <BackLink fallback={f.backFallbackOf(f.screen, backFallback)} />;
  let body;
  if (f.screen === 'loggedIn') {
    body = (
      <LoggedInDetailsStep
        form={form!}
        phoneNumber={f.user?.phone_number}
        initialData={f.state.loggedIn}
        params={params}
        onChange={f.saveLoggedIn}
        onSubmit={f.loggedInDone}
        onCancel={onCancel}
      />
    );
  } else if (f.screen === 'LOGIN_CHOICE') {
    body = <LoginChoiceStep tenantId={f.tenantId} onDecline={f.declineLogin} onCancel={onCancel} />;
  } else if (f.screen === 'DETAILS') {
    body = (
      <DetailsStep form={form!} params={f.detailsParams} initialData={f.state.details} onChange={f.saveDetails} onSubmit={f.detailsDone} onCancel={onCancel} />
    );
  } else {
    body = (
      <ContactDetailsStep
        form={form!}
        params={params}
        emailRequired={f.state.emailRequired}
        initialData={f.state.contact}
        onChange={f.saveContact}
        onSubmit={f.contactDone}
        onCancel={onCancel}
      />
    );
  }

  return (
    <>
      <StepTitle screen={f.screen} form={form} />
      {back}
      {caption}
      <OutcomeNotice
        outcome={f.outcome}
        practicePhone={f.practicePhone}
        onReplyByPhone={f.replyByPhone}
        onSendWithGivenEmail={f.sendWithGivenEmail}
        onTryAgain={f.tryAgain}
      />
      {body}
      <PatientDetailsModals
        postcodeQuestion={f.postcodeQuestion}
        pending={f.pending}
        practicePhone={f.practicePhone}
        onContinueWithoutEmail={f.continueWithoutEmail}
        onReplyByPhone={f.replyByPhone}
        onSendWithGivenEmail={f.sendWithGivenEmail}
        onDismiss={f.dismissQuestion}
        onTryAgain={f.tryAgain}
        focusAfter={f.focusAfterQuestion}
      />
    </>
  );
}

export function clearPatientDetails(flow: string): void {
  patientDetailsStore(flow).clear();
}
