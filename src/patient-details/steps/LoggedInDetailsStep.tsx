import { SchemaForm, type FormData } from '../../../renderer/index';
import { STEP_FORMS } from './forms';

interface LoggedInDetailsStepProps {
  /** The mobile NHS login knows: the phone to call starts as it. */
  phoneNumber?: string;
  initialData: FormData;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => Promise<void>;
}

/** The short form of a patient signed in with NHS login (LOGGED_IN_DETAILS). */
export function LoggedInDetailsStep({ phoneNumber, initialData, onChange, onSubmit }: LoggedInDetailsStepProps) {
  return (
    <>
      <SchemaForm
        key="logged-in"
        doc={STEP_FORMS.loggedIn.doc}
        schemaCheck={STEP_FORMS.loggedIn.schemaCheck}
        // Email and mobile come from NHS login; the phone to call starts as the mobile. Sex at birth stays blank.
        initialData={{ phoneNumber, ...initialData }}
        onChange={onChange}
        onSubmit={onSubmit}
        hideBack
        submitLabel="Next"
      />
      <details className="nhsuk-details">
        <summary className="nhsuk-details__summary">
          <span className="nhsuk-details__summary-text">How your information is used</span>
        </summary>
        <div className="nhsuk-details__text">
          <p>
            Your practice uses your details to find your GP record and to contact you about this request. They are sent securely to your
            practice and are not shared with anyone else.
          </p>
        </div>
      </details>
    </>
  );
}
