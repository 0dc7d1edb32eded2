import type { ReactNode } from 'react';
import { BackLink } from '../components/BackLink';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import type { LoadedForm } from '../forms/loadForm';
import { FormLoadProblem } from '../forms/useForm';
import { usePageTitle } from '../shell/usePageTitle';
import { hasUnsentAnswers, useLeaveGuard } from '../shell/useLeaveGuard';
import type { StepRewording } from './steps/forms';
import { usePatientDetailsFlow } from './usePatientDetailsFlow';
import { patientDetailsStore, type PatientDetailsResult, type PatientDetailsState } from './patientDetailsState';
import { OutcomeNotice, PatientDetailsModals } from './steps/PatientDetailsModals';
import { StepScreen } from './steps/StepScreen';
import { useStepForm } from './useStepForm';

export { patientDetailsStore } from './patientDetailsState';

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
const STEP_TITLES: Record<PatientDetailsState | 'loggedIn', string> = {
  LOGIN_CHOICE: 'Do you want to use NHS login?',
  DETAILS: 'Your details',
  CONTACT_DETAILS: 'Your contact details',
  loggedIn: 'Your details',
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

  const { loading, form, params } = useStepForm(f, skipPatientValidation, reword);

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
      <StepScreen f={f} form={form} params={params} onCancel={onCancel} />
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
