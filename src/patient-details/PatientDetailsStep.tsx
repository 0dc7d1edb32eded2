import type { ReactNode } from 'react';
import type { FormDocument } from '../../renderer/index';
import { BackLink } from '../components/BackLink';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { usePageTitle } from '../shell/usePageTitle';
import { hasUnsentAnswers, useLeaveGuard } from '../shell/useLeaveGuard';
import { STEP_FORMS } from './steps/forms';
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
  docs?: { details: FormDocument; contact: FormDocument };
}

/** Each screen's page name (its h1), for the title "Your GP practice - {page}". */
export const STEP_TITLES: Record<PatientDetailsState | 'loggedIn', string> = {
  LOGIN_CHOICE: 'Do you want to use NHS login?',
  DETAILS: STEP_FORMS.details.doc.pages[0]?.title ?? 'Your details',
  CONTACT_DETAILS: STEP_FORMS.contact.doc.pages[0]?.title ?? 'Your contact details',
  loggedIn: STEP_FORMS.loggedIn.doc.pages[0]?.title ?? 'Your details',
};

function StepTitle({ screen, docs }: { screen: PatientDetailsState | 'loggedIn'; docs?: PatientDetailsStepProps['docs'] }) {
  const own = screen === 'DETAILS' ? docs?.details : screen === 'CONTACT_DETAILS' ? docs?.contact : undefined;
  usePageTitle(own?.pages[0]?.title ?? STEP_TITLES[screen]);
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
  docs,
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

  if (f.checking) return <Loading message={LOADING_MESSAGES.patientCheck} />;

  const back = <BackLink fallback={f.backFallbackOf(f.screen, backFallback)} />;
  let body;
  if (f.screen === 'loggedIn') {
    body = (
      <LoggedInDetailsStep
        phoneNumber={f.user?.phone_number}
        initialData={f.state.loggedIn}
        params={f.loggedInParams}
        onChange={f.saveLoggedIn}
        onSubmit={f.loggedInDone}
        onCancel={onCancel}
      />
    );
  } else if (f.screen === 'LOGIN_CHOICE') {
    body = <LoginChoiceStep tenantId={f.tenantId} onDecline={f.declineLogin} onCancel={onCancel} />;
  } else if (f.screen === 'DETAILS') {
    body = (
      <DetailsStep
        doc={docs?.details}
        params={f.detailsParams}
        initialData={f.state.details}
        onChange={f.saveDetails}
        onSubmit={f.detailsDone}
        onCancel={onCancel}
      />
    );
  } else {
    body = (
      <ContactDetailsStep
        doc={docs?.contact}
        params={f.contactParams}
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
      <StepTitle screen={f.screen} docs={docs} />
      {back}
      {caption}
      <OutcomeNotice outcome={f.outcome} practicePhone={f.practicePhone} onReplyByPhone={f.replyByPhone} />
      {body}
      <PatientDetailsModals
        postcodeQuestion={f.postcodeQuestion}
        pending={f.pending}
        practicePhone={f.practicePhone}
        onContinueWithoutEmail={f.continueWithoutEmail}
        onReplyByPhone={f.replyByPhone}
        onDismiss={f.dismissQuestion}
        focusAfter={f.focusAfterQuestion}
      />
    </>
  );
}

export function clearPatientDetails(flow: string): void {
  patientDetailsStore(flow).clear();
}
