import { useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm, type FormData, type FormDocument } from '../../../../renderer/index';
import { FormLoadProblem, useForm } from '../../../forms/useForm';
import { isConnectionFailure } from '../../../errors/mapError';
import { putCustomData, stopExecution } from '../../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { Modal } from '../../../components/Modal';
import { useSettings } from '../../../settings/useSettings';
import { SelectedOption } from '../../guideline/SelectedOption';
import { TRIAGE_START, clearTriageFlow, manualAuthOn, proxyOn, triageFlow } from '../../guideline/journey';
import { useTriageSender } from '../../guideline/useTriageSender';
import { SEND_FAILED_MESSAGE } from '../../../errors/messages';
import { medicalBookingRequest } from '../bookingHandover';
import { startBooking } from '../../bookingRequest';
import { INVALID_OVERRIDE_REASON, SERVICE_CLOSED_PATH, TRIAGE_SIGNPOST_PATH, afterOverride, overrideCustomData, safetyResult } from '../../guideline/safety';
import { CONFIRM_NO, CONFIRM_TEXT, CONFIRM_TITLE, CONFIRM_YES, OVERRIDE_REQUIRED, PROCEED } from './safetyWords';
import { setSafety, useMedicalServiceCheck, useSafetyFlow } from './useSafetyFlow';
import { BackLink } from '../../../components/BackLink';
import { overrideReasonInWords } from '../../../../common';

type Option = { id: string; label: string };

export const EMERGENCY_OVERRIDE = 'EMERGENCY_OVERRIDE';

/** The document's own reasons: offered when the practice lists none, so the patient is never left with nothing to choose. */
export function defaultOverrideOptions(base: FormDocument): readonly Option[] {
  return (base.schema.properties.reason?.oneOf ?? []).map((o) => ({ id: String(o.const), label: String(o.title ?? o.const) }));
}

/** The page's question in plain words (the document's title is the practice's shorthand for it). */
export const OVERRIDE_QUESTION = 'Why do you feel it is safe for you to wait for your GP practice?';

/**
 * The override form: the document's wording with the practice's reasons (emergencyOverrideOptions)
 * as the options, each in the words a patient would use (common/overrideWords.ts).
 */
export function overrideDocument(base: FormDocument, options: readonly Option[]): FormDocument {
  const reason = base.schema.properties.reason!;
  return {
    ...base,
    pages: base.pages.map((page, i) => (i === 0 ? { ...page, title: OVERRIDE_QUESTION } : page)),
    schema: {
      ...base.schema,
      properties: { ...base.schema.properties, reason: { ...reason, oneOf: options.map((o) => ({ const: o.id, title: overrideReasonInWords(o) })) } },
    },
    uiSchema: { ...base.uiSchema, reason: { 'ui:widget': 'radio', 'ui:errors': { required: OVERRIDE_REQUIRED } } },
  };
}

/**
 * /triage/emergency-override: why it is safe to wait for GP care. A reason other than "not safe
 * to wait" (none_of_the_above) is confirmed in a modal, the service state is checked, the reason
 * is stored on the execution, then the patient goes to booking or the request is sent
 * (committedToConsultGp true). none_of_the_above ends the journey at the emergency signpost,
 * nothing sent.
 */
export default function EmergencyOverridePage() {
  const flow = useSafetyFlow();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useTriageSender();
  const checkService = useMedicalServiceCheck();
  const [pending, setPending] = useState<string>();
  const [busy, setBusy] = useState<'checking' | 'sending'>();
  const [failed, setFailed] = useState(false);
  // Where the patient is going once the flow is cleared (so the bounce below does not win).
  const [leaving, setLeaving] = useState<string>();
  const configured = settings.patientApp.emergencyOverrideOptions;
  // The document from the practice (prefetched by the emergency questions, the step before).
  const loading = useForm(EMERGENCY_OVERRIDE);
  const base = loading.status === 'ready' ? loading.form.doc : undefined;
  const options = useMemo<readonly Option[]>(
    () => (configured && configured.length > 0 ? configured : base ? defaultOverrideOptions(base) : []),
    [configured, base],
  );
  const doc = useMemo(() => (base ? overrideDocument(base, options) : undefined), [base, options]);
  if (leaving) return <Navigate to={leaving} replace />;
  // While sending, the sender clears the flow before it moves on: no bounce then.
  if (busy === 'sending') return <Loading message={LOADING_MESSAGES.sendingRequest} />;
  if (!flow?.execution || !safetyResult(flow.safety?.answers ?? {})) return <Navigate to={TRIAGE_START} replace />;
  if (loading.status !== 'ready' || !doc) return <FormLoadProblem state={loading.status === 'ready' ? { status: 'loading' } : loading} />;
  const execution = flow.execution;
  const useProxy = flow.useProxy ?? proxyOn(settings);

  async function proceed(answers: FormData) {
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
    if (!reason || !flow) return;
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

  return (
    <>
      <BackLink fallback="/triage/submit-emergency" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      {/* Why the patient is here and what the choice does, before the reasons. */}
      <div className="nhsuk-inset-text" data-testid="override-reason-why">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p>
          Your answers suggest you may need A&amp;E, and you asked for GP advice instead. Choose the reason that fits you best: the practice will see it with
          your request. If none of them fits, choose the last one and we will tell you where to get urgent help now.
        </p>
      </div>
      <SchemaForm
        doc={doc}
        idPrefix="override-"
        initialData={flow.safety?.overrideReason ? { reason: flow.safety.overrideReason } : {}}
        banner={OVERRIDE_REQUIRED}
        submitLabel={PROCEED}
        onSubmit={proceed}
        onBack={() => void navigate(-1)}
        notice={
          failed ? (
            <p className="nhsuk-error-message" role="alert">
              {SEND_FAILED_MESSAGE}
            </p>
          ) : busy === 'checking' ? (
            <Loading message={LOADING_MESSAGES.preparingInformation} />
          ) : undefined
        }
      />
      <Modal
        open={pending !== undefined}
        title={CONFIRM_TITLE}
        onClose={() => setPending(undefined)}
        actions={[
          { label: CONFIRM_YES, onClick: () => void confirmed() },
          { label: CONFIRM_NO, onClick: () => setPending(undefined), secondary: true },
        ]}
      >
        <p>{CONFIRM_TEXT}</p>
      </Modal>
    </>
  );
}
