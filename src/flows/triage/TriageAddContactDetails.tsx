import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SchemaForm, fromAjvValidator, type FormData } from '../../../renderer/index';
import CHANGE_OF_CONTACT_DETAILS_DOC from '../../../generated/forms/CHANGE_OF_CONTACT_DETAILS';
import validateChangeOfContactDetails from '../../../generated/validators/CHANGE_OF_CONTACT_DETAILS';
import { stopExecution } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useSettings } from '../../settings/useSettings';
import { AddContactDetailsScreen, PATIENT_REFUSED_UPDATE_CONTACT } from '../admin/AddContactDetailsPage';
import { CHANGE_OF_CONTACT_DETAILS, SEND_FAILED_MESSAGE } from '../admin/adminFlow';
import { clearTriageFlow, proxyOn, type TriageFlowState } from './triageFlow';
import { useTriageSender } from './useTriageSender';

const schemaCheck = fromAjvValidator(validateChangeOfContactDetails);

/**
 * /add-contact-details for a medical request: the admin flow's screen and branch rules. "Send
 * request only" sends the consultation with the associated PATIENT_REFUSED_UPDATE_CONTACT;
 * "Add email and send request" asks for the new details (the change-of-contact-details form)
 * and sends them with the consultation, both through the unverified-requests call.
 */
export function TriageAddContactDetails({ flow }: { flow: TriageFlowState }) {
  const navigate = useNavigate();
  const { settings } = useSettings();
  const send = useTriageSender();
  const [step, setStep] = useState<'choice' | 'details'>('choice');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [answers, setAnswers] = useState<FormData>({});

  async function sendOnly() {
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      await send({ triageRequestType: PATIENT_REFUSED_UPDATE_CONTACT, formType: PATIENT_REFUSED_UPDATE_CONTACT });
    } catch {
      setFailed(true);
      setSending(false);
    }
  }

  if (sending && step === 'choice') return <Loading message={LOADING_MESSAGES.sendingRequest} />;
  if (step === 'details') {
    return (
      <SchemaForm
        doc={CHANGE_OF_CONTACT_DETAILS_DOC}
        schemaCheck={schemaCheck}
        initialData={answers}
        onChange={setAnswers}
        onSubmit={async (pruned) => {
          setFailed(false);
          await send({ ...pruned, triageRequestType: CHANGE_OF_CONTACT_DETAILS, formType: CHANGE_OF_CONTACT_DETAILS });
        }}
        onSubmitError={() => setFailed(true)}
        onBack={() => setStep('choice')}
        notice={failed ? <p className="nhsuk-error-message" role="alert">{SEND_FAILED_MESSAGE}</p> : undefined}
      />
    );
  }
  return (
    <AddContactDetailsScreen
      failed={failed}
      sending={sending}
      backTo="/triage/complete"
      onAddEmail={() => setStep('details')}
      onSendOnly={() => void sendOnly()}
      onCancel={() => {
        if (flow.execution) void stopExecution(flow.execution.identifier, flow.useProxy ?? proxyOn(settings)).catch(() => undefined);
        void Promise.resolve(navigate('/')).then(clearTriageFlow);
      }}
    />
  );
}
