import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormData } from '../../../../renderer/index';
import { isConnectionFailure } from '../../../errors/mapError';
import { putCustomData, stopExecution } from '../../../api/engine';
import { useSettings } from '../../../settings/useSettings';
import { clearTriageFlow, manualAuthOn, proxyOn, triageFlow, type TriageFlowState } from '../../guideline/journey';
import { useTriageSender } from '../../guideline/useTriageSender';
import { medicalBookingRequest } from '../bookingHandover';
import { startBooking } from '../../bookingRequest';
import { INVALID_OVERRIDE_REASON, SERVICE_CLOSED_PATH, TRIAGE_SIGNPOST_PATH, afterOverride, overrideCustomData } from '../../guideline/safety';
import type { Option } from './overrideDocument';
import { setSafety, useMedicalServiceCheck } from './useSafetyFlow';

/**
 * Finishing the override: "not safe to wait" ends at the emergency signpost, nothing sent; any
 * other reason is confirmed (`pending`), then stored on the execution, and the patient goes to
 * booking, to add contact details, or the request is sent.
 */
export function useOverrideChoice(flow: TriageFlowState | undefined, options: readonly Option[]) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useTriageSender();
  const checkService = useMedicalServiceCheck();
  const [pending, setPending] = useState<string>();
  const [busy, setBusy] = useState<'checking' | 'sending'>();
  const [failed, setFailed] = useState(false);
  // Where the patient is going once the flow is cleared (so the page's bounce does not win).
  const [leaving, setLeaving] = useState<string>();
  const execution = flow?.execution;
  const useProxy = flow?.useProxy ?? proxyOn(settings);

  async function proceed(answers: FormData) {
    if (!execution) return;
    const reason = String(answers.reason ?? '');
    if (reason === INVALID_OVERRIDE_REASON) {
      // Not safe to wait: the request is not sent; the signpost says so.
      void putCustomData(execution.identifier, overrideCustomData(reason, execution.recommendations, flow?.safety?.answers ?? {}), useProxy)
        .catch(() => undefined)
        .finally(() => void stopExecution(execution.identifier, useProxy).catch(() => undefined));
      setLeaving(TRIAGE_SIGNPOST_PATH);
      clearTriageFlow();
      return;
    }
    setPending(reason);
  }

  async function confirmed() {
    const reason = pending;
    setPending(undefined);
    if (!reason || !flow || !execution) return;
    setFailed(false);
    setBusy('checking');
    if (await checkService()) {
      void stopExecution(execution.identifier, useProxy).catch(() => undefined);
      setLeaving(SERVICE_CLOSED_PATH);
      clearTriageFlow();
      return;
    }
    const label = options.find((o) => o.id === reason)?.label;
    setSafety((s) => ({ ...s, choice: 'GP_ADVICE', overrideReason: reason, ...(label ? { overrideLabel: label } : {}) }));
    // The engine keeps the reason with the safety answers it rests on: the practice accepts the
    // override only when the execution recorded them, so a failure here is a failed send.
    try {
      await putCustomData(execution.identifier, overrideCustomData(reason, execution.recommendations, flow.safety?.answers ?? {}), useProxy);
    } catch {
      setBusy(undefined);
      setFailed(true);
      return;
    }
    const state = triageFlow.get();
    const next = afterOverride({
      patient: state.patient,
      validation: state.validation,
      manualAuth: manualAuthOn(settings),
      aiLed: state.aiLed === true,
      hasPatientContext: state.patientContext !== undefined,
    });
    if (next === 'book') {
      await navigate(startBooking(medicalBookingRequest(state, settings)));
      return;
    }
    if (next === 'add-contact-details') {
      await navigate('/add-contact-details');
      return;
    }
    setBusy('sending');
    try {
      await send();
    } catch (error) {
      setBusy(undefined);
      // "Check your connection" only when no answer came back: any other answer has its popup (useTriageSender).
      setFailed(isConnectionFailure(error));
    }
  }

  return { pending, setPending, busy, failed, leaving, proceed, confirmed };
}
