import { SchemaForm, type FormData } from '../../../renderer/index';
import type { LoadedForm } from '../../forms/loadForm';
import { nationalPhone } from '../../components/phone';

interface LoggedInDetailsStepProps {
  /** LOGGED_IN_DETAILS as loaded from the server. */
  form: LoadedForm;
  /** The mobile NHS login knows: the phone to call starts as it. */
  phoneNumber?: string;
  initialData: FormData;
  /** The document's parameters (the practice's privacy policy link). */
  params: Record<string, unknown>;
  onChange: (data: FormData) => void;
  onSubmit: (data: FormData) => Promise<void>;
  /** Cancel: leave the flow (Back is the back link above the form). */
  onCancel: () => void;
}

/** The short form of a patient signed in with NHS login (LOGGED_IN_DETAILS). */
export function LoggedInDetailsStep({ form, phoneNumber, initialData, params, onChange, onSubmit, onCancel }: LoggedInDetailsStepProps) {
  return (
    <>
      <SchemaForm
        key="logged-in"
        doc={form.doc}
        schemaCheck={form.schemaCheck}
        params={params}
        // Email and mobile come from NHS login; the phone to call starts as the mobile (national format). Sex at birth stays blank.
        initialData={{ ...(phoneNumber ? { phoneNumber: nationalPhone(phoneNumber) } : {}), ...initialData }}
        onChange={onChange}
        onSubmit={onSubmit}
        hideBack
        onCancel={onCancel}
        submitLabel="Next"
      />
    </>
  );
}
