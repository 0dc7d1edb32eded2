import { useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { BackLink } from '../../components/BackLink';
import { hasUnsentAnswers, useLeaveGuard } from '../../shell/useLeaveGuard';
import { SchemaForm, type FormData, type SchemaFormHandle } from '../../../renderer/index';
import { fieldErrorsOf, isConnectionFailure } from '../../errors/mapError';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { useFlowState } from '../flowState';
import { CHANGE_OF_CONTACT_DETAILS, SEND_FAILED_MESSAGE, adminFlow, prepareSend } from './adminFlow';
import { sendUnverifiedRequests } from '../../api/index';
import { useAdminSender } from './useAdminSender';

/**
 * /change-of-contact-details: newEmail, objectionOnEmailReminder, newTelephoneNumber,
 * objectionOnTextReminder; Back and Send. Reached from /add-contact-details it sends the
 * waiting admin request together with the new details (unverified requests call); on its
 * own it sends a CHANGE_OF_CONTACT_DETAILS admin request.
 */
export default function ChangeOfContactDetailsPage() {
  const flow = useFlowState(adminFlow);
  const send = useAdminSender();
  const [notice, setNotice] = useState<string>();
  const form = useRef<SchemaFormHandle>(null);
  useLeaveGuard(hasUnsentAnswers(flow.answers[CHANGE_OF_CONTACT_DETAILS]) || flow.pending !== undefined);
  const loading = useForm(CHANGE_OF_CONTACT_DETAILS);
  const patient = flow.patient;
  if (!patient) return <Navigate to={`/admin-request/patient-details?request=${CHANGE_OF_CONTACT_DETAILS}`} replace />;
  if (loading.status !== 'ready') return <FormLoadProblem state={loading} />;
  const pending = flow.pending;
  const formFields = loading.form.doc.pages.flatMap((p) => p.fields);

  async function submit(answers: FormData) {
    if (!patient) return;
    setNotice(undefined);
    if (pending) {
      // One key per combined request: a retry of the same details reuses it; changed details
      // after a failure are a new request.
      const associated = prepareSend(CHANGE_OF_CONTACT_DETAILS, answers, patient, adminFlow.get().contactAttempt);
      adminFlow.set({ contactAttempt: associated });
      // prepareSend made both types CHANGE_OF_CONTACT_DETAILS; saying so again narrows them for the contract.
      const associatedRequest = {
        ...associated.body,
        formType: CHANGE_OF_CONTACT_DETAILS,
        triageRequestType: CHANGE_OF_CONTACT_DETAILS,
      };
      await send(associated, (key) => sendUnverifiedRequests({ primaryRequest: pending, associatedRequest }, key));
      return;
    }
    const attempt = prepareSend(CHANGE_OF_CONTACT_DETAILS, answers, patient, adminFlow.get().attempt);
    adminFlow.set({ attempt });
    await send(attempt, undefined, formFields);
  }

  /**
   * Send failed (as AdminFormPage): the practice's validation answer on the fields it names;
   * "check your connection" only when no answer came back at all — any other answer already has
   * its popup (useAdminSender).
   */
  function sendFailed(error: unknown): void {
    const onFields = fieldErrorsOf(error).filter((e) => formFields.includes(e.path));
    if (onFields.length > 0 && form.current?.showErrors(onFields)) return;
    if (isConnectionFailure(error)) setNotice(SEND_FAILED_MESSAGE);
  }

  return (
    <>
      <BackLink fallback={pending ? '/add-contact-details' : '/'} />
      <SchemaForm
        doc={loading.form.doc}
        schemaCheck={loading.form.schemaCheck}
        initialData={flow.answers[CHANGE_OF_CONTACT_DETAILS]}
        onChange={(data) =>
          adminFlow.set((s) => ({
            ...s,
            answers: { ...s.answers, [CHANGE_OF_CONTACT_DETAILS]: data },
          }))
        }
        onSubmit={submit}
        onSubmitError={sendFailed}
        formRef={form}
        hideBack
        notice={
          notice ? (
            <p className="nhsuk-error-message" role="alert">
              {notice}
            </p>
          ) : undefined
        }
      />
    </>
  );
}
