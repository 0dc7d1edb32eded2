import type { LoadedForm } from '../../forms/loadForm';
import type { PatientDetailsFlow } from '../usePatientDetailsFlow';
import { ContactDetailsStep } from './ContactDetailsStep';
import { DetailsStep } from './DetailsStep';
import { LoggedInDetailsStep } from './LoggedInDetailsStep';
import { LoginChoiceStep } from './LoginChoiceStep';

/** Drawing the screen the step is on, its form loaded (the login choice has none). */
export function StepScreen({
  f,
  form,
  params,
  onCancel,
}: {
  f: PatientDetailsFlow;
  form: LoadedForm | undefined;
  params: Record<string, unknown>;
  onCancel: () => void;
}) {
  if (f.screen === 'loggedIn') {
    return (
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
  }
  if (f.screen === 'LOGIN_CHOICE') return <LoginChoiceStep tenantId={f.tenantId} onDecline={f.declineLogin} onCancel={onCancel} />;
  if (f.screen === 'DETAILS') {
    return (
      <DetailsStep form={form!} params={f.detailsParams} initialData={f.state.details} onChange={f.saveDetails} onSubmit={f.detailsDone} onCancel={onCancel} />
    );
  }
  return (
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
