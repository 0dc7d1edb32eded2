import { useState } from 'react';
import { confirmDiscard } from '../leaveFlow';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SchemaForm, type FormData } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { stopExecution } from '../../api/engine';
import { BackLink } from '../../components/BackLink';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { usePageTitle } from '../../shell/usePageTitle';
import { useSettings } from '../../settings/useSettings';
import { AddContactDetailsScreen, PATIENT_REFUSED_UPDATE_CONTACT } from '../AddContactDetailsScreen';
import { SEND_FAILED_MESSAGE } from '../../errors/messages';
import { CHANGE_OF_CONTACT_DETAILS } from '../../settings/adminForms';
import { clearTriageFlow, proxyOn, type TriageFlowState } from '../guideline/journey';
import { useTriageSender } from '../guideline/useTriageSender';

const PATH = '/add-contact-details';
/** `?step=details`: the new contact details, their own history entry after the choice. */
const DETAILS_STEP = 'details';

/**
 * /add-contact-details for a medical request: the admin flow's screen and branch rules. "Send
 * request only" sends the consultation with the associated PATIENT_REFUSED_UPDATE_CONTACT;
 * "Add email and send request" asks for the new details (the change-of-contact-details form)
 * and sends them with the consultation, both through the unverified-requests call. The details
 * are their own history entry (`?step=details`) with their own title and the back link on top.
 */
export function TriageAddContactDetails({ flow }: { flow: TriageFlowState }) {
  const navigate = useNavigate();
  const { settings } = useSettings();
  const send = useTriageSender();
  const [searchParams, setSearchParams] = useSearchParams();
  const step = searchParams.get('step') === DETAILS_STEP ? 'details' : 'choice';
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [answers, setAnswers] = useState<FormData>({});
  // Loaded while the patient reads the choice, so "Add email" draws the form at once.
  const loading = useForm(CHANGE_OF_CONTACT_DETAILS);
  usePageTitle(step === 'details' && loading.status === 'ready' ? loading.form.doc.pages[0]?.title : undefined);

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
    if (loading.status !== 'ready') return <FormLoadProblem state={loading} />;
    return (
      <>
        <BackLink fallback={PATH} />
        <SchemaForm
          doc={loading.form.doc}
          schemaCheck={loading.form.schemaCheck}
          initialData={answers}
          onChange={setAnswers}
          onSubmit={async (pruned) => {
            setFailed(false);
            await send({ ...pruned, triageRequestType: CHANGE_OF_CONTACT_DETAILS, formType: CHANGE_OF_CONTACT_DETAILS });
          }}
          onSubmitError={() => setFailed(true)}
          hideBack
          notice={
            failed ? (
              <p className="nhsuk-error-message" role="alert">
                {SEND_FAILED_MESSAGE}
              </p>
            ) : undefined
          }
        />
      </>
    );
  }
  return (
    <AddContactDetailsScreen
      failed={failed}
      sending={sending}
      backTo="/triage/complete"
      onAddEmail={() =>
        setSearchParams((current) => {
          const next = new URLSearchParams(current);
          next.set('step', DETAILS_STEP);
          return next;
        })
      }
      onSendOnly={() => void sendOnly()}
      onCancel={() =>
        confirmDiscard(() => {
          if (flow.execution) void stopExecution(flow.execution.identifier, flow.useProxy ?? proxyOn(settings)).catch(() => undefined);
          void Promise.resolve(navigate('/')).then(clearTriageFlow);
        })
      }
    />
  );
}
