import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { patientDetailsStore, usePatientDetailsFlow, type PatientDetailsResult } from './usePatientDetailsFlow';
import { ContactDetailsStep } from './steps/ContactDetailsStep';
import { DetailsStep } from './steps/DetailsStep';
import { LoggedInDetailsStep } from './steps/LoggedInDetailsStep';
import { LoginChoiceStep } from './steps/LoginChoiceStep';
import { PatientDetailsModals } from './steps/PatientDetailsModals';

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
}: PatientDetailsStepProps) {
  const f = usePatientDetailsFlow({ flow, minAge, maxAge, skipPatientValidation, checkRecord, onComplete });

  if (f.checking) return <Loading message={LOADING_MESSAGES.patientCheck} />;

  let body;
  if (f.screen === 'loggedIn') {
    body = (
      <LoggedInDetailsStep
        phoneNumber={f.user?.phone_number}
        initialData={f.state.loggedIn}
        onChange={f.saveLoggedIn}
        onSubmit={f.loggedInDone}
        onBack={onCancel}
      />
    );
  } else if (f.screen === 'LOGIN_CHOICE') {
    body = <LoginChoiceStep tenantId={f.tenantId} onDecline={f.declineLogin} onBack={onCancel} />;
  } else if (f.screen === 'DETAILS') {
    body = (
      <DetailsStep
        params={f.detailsParams}
        initialData={f.state.details}
        onChange={f.saveDetails}
        onSubmit={f.detailsDone}
        onBack={f.loginOffered ? f.backToLoginChoice : onCancel}
        onCancel={onCancel}
      />
    );
  } else {
    body = (
      <ContactDetailsStep
        params={f.contactParams}
        emailRequired={f.state.emailRequired}
        initialData={f.state.contact}
        onChange={f.saveContact}
        onSubmit={f.contactDone}
        onBack={f.backToDetails}
        onCancel={onCancel}
      />
    );
  }

  return (
    <>
      {body}
      <PatientDetailsModals
        postcodeQuestion={f.postcodeQuestion}
        pending={f.pending}
        practicePhone={f.practicePhone}
        onContinueWithoutEmail={f.continueWithoutEmail}
        onDismiss={f.dismissQuestion}
      />
    </>
  );
}

export function clearPatientDetails(flow: string): void {
  patientDetailsStore(flow).clear();
}
