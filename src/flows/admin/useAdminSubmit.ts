// Finishing an admin form: the long texts are screened for emergency words, the EPS pharmacy
// postcode is checked, then the request goes to the practice (with a new email beside it, or by
// way of the add-contact-details choice). A failed send shows the practice's answer on the
// fields it names, or the form's own "There was a problem…" message.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toWire, type FormData, type FormDocument, type SchemaFormHandle } from '../../../renderer/index';
import { ApiError } from '../../api/client';
import { sendUnverifiedRequests } from '../../api/index';
import { fieldErrorsOf } from '../../errors/mapError';
import { CONNECTION_CLOSED_MARKER } from '../../errors/messages';
import { usePostcodeCheck } from '../../postcode/usePostcodeCheck';
import { freeTextAnswers } from '../../screening/freeText';
import { EMERGENCY_ADVICE_PATH, emergencyAdviceState, useWordsScreening } from '../../screening/useWordsScreening';
import { useSettings } from '../../settings/useSettings';
import { CHANGE_OF_CONTACT_DETAILS, SEND_FAILED_MESSAGE, adminFlow, needsContactChoice, prepareSend, type AdminFlowState } from './adminFlow';
import { useAdminSender } from './useAdminSender';

/** The form being sent: undefined until its type, document and patient are all known. */
interface Sending {
  formType: Parameters<typeof prepareSend>[0];
  doc: FormDocument;
  flow: AdminFlowState;
}

export function useAdminSubmit(sending: Sending | undefined) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useAdminSender();
  const [notice, setNotice] = useState<string>();
  /** Shows the practice's validation answer to Send on the fields it names. */
  const form = useRef<SchemaFormHandle>(null);
  // The EPS form's pharmacy postcode: focus goes back to it after "Postcode not found" → No.
  const postcode = usePostcodeCheck('field-pharmacyPostcode');
  // The long texts are screened for emergency words before the request is sent.
  const words = useWordsScreening(
    (matches) =>
      void navigate(EMERGENCY_ADVICE_PATH, {
        state: emergencyAdviceState(matches),
      }),
  );
  const formFields = sending ? Object.keys(sending.doc.schema.properties) : [];

  /** The pharmacy postcode of the EPS form is checked after the page validates (README, "Admin requests"). */
  async function pharmacyPostcodeAccepted(data: FormData): Promise<boolean> {
    if (sending?.formType !== 'ELECTRONIC_PRESCRIPTION_SERVICE' || typeof data.pharmacyPostcode !== 'string') return true;
    return postcode.confirm(data.pharmacyPostcode);
  }

  function screenThenSubmit(pruned: FormData) {
    if (!sending) return;
    // Returned, so the form's Send stays disabled and says "Sending…" until the practice answers.
    return words.screen(freeTextAnswers(sending.doc, pruned), () => submit(pruned).catch(sendFailed))?.then(() => undefined);
  }

  async function submit(pruned: FormData) {
    setNotice(undefined);
    words.dismiss();
    if (!sending) return;
    const { formType, doc, flow } = sending;
    const patient = flow.patient;
    if (!patient) return;
    if (!(await pharmacyPostcodeAccepted(pruned))) return;
    // Sent as the API takes it: choice answers with ui:options sendAs valueLabel as { value, label }.
    const replyByPhone = flow.replyByPhone === true;
    const attempt = prepareSend(formType, toWire(doc, pruned), patient, adminFlow.get().attempt, new Date(), replyByPhone);
    adminFlow.set({ attempt });
    // The patient gave an email their record lacks and chose to send with it: the new email goes
    // beside the request (the unverified-requests call), as "Add email and send request" sends it.
    const addEmail = flow.addEmail;
    if (addEmail && !replyByPhone) {
      const associatedRequest = {
        submittedDate: attempt.body.submittedDate,
        patient,
        newEmail: addEmail,
        formType: CHANGE_OF_CONTACT_DETAILS,
        triageRequestType: CHANGE_OF_CONTACT_DETAILS,
      };
      await send(attempt, (key) => sendUnverifiedRequests({ primaryRequest: attempt.body, associatedRequest }, key), formFields);
      return;
    }
    // A patient who asked for a phone reply has made the add-contact-details choice already.
    if (!replyByPhone && needsContactChoice(settings, patient, flow.validation)) {
      adminFlow.set({ pending: attempt.body });
      navigate('/add-contact-details');
      return;
    }
    await send(attempt, undefined, formFields);
  }

  /**
   * Send failed. The practice's validation answer is shown on the fields it names (returned to
   * SchemaForm); "check your connection" only when no answer came back at all (the fetch itself
   * failed) — any other answer already has its popup (useAdminSender).
   */
  function sendFailed(error: unknown): void {
    const onFields = fieldErrorsOf(error).filter((e) => formFields.includes(e.path));
    if (onFields.length > 0 && form.current?.showErrors(onFields)) return;
    // An ERR_CONNECTION_CLOSED relayed as an answer is a lost connection too (mapApiError).
    if (!(error instanceof ApiError) || error.message.includes(CONNECTION_CLOSED_MARKER)) setNotice(SEND_FAILED_MESSAGE);
  }

  return { notice, form, postcode, words, screenThenSubmit, sendFailed };
}
