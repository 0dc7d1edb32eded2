import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm } from '../../../../renderer/index';
import { FormLoadProblem, useForm } from '../../../forms/useForm';
import { Loading, LOADING_MESSAGES } from '../../../components/Loading';
import { Modal } from '../../../components/Modal';
import { useSettings } from '../../../settings/useSettings';
import { SelectedOption } from '../../guideline/SelectedOption';
import { TRIAGE_START } from '../../guideline/journey';
import { SEND_FAILED_MESSAGE } from '../../../errors/messages';
import { safetyResult } from '../../guideline/safety';
import { CONFIRM_NO, CONFIRM_TEXT, CONFIRM_TITLE, CONFIRM_YES, OVERRIDE_REQUIRED, PROCEED } from './safetyWords';
import { useSafetyFlow } from './useSafetyFlow';
import { BackLink } from '../../../components/BackLink';
import { EMERGENCY_OVERRIDE, defaultOverrideOptions, overrideDocument, type Option } from './overrideDocument';
import { useOverrideChoice } from './useOverrideChoice';

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
  const configured = settings.patientApp.emergencyOverrideOptions;
  // The document from the practice (prefetched by the emergency questions, the step before).
  const loading = useForm(EMERGENCY_OVERRIDE);
  const base = loading.status === 'ready' ? loading.form.doc : undefined;
  const options = useMemo<readonly Option[]>(
    () => (configured && configured.length > 0 ? configured : base ? defaultOverrideOptions(base) : []),
    [configured, base],
  );
  const doc = useMemo(() => (base ? overrideDocument(base, options) : undefined), [base, options]);
  const { pending, setPending, busy, failed, leaving, proceed, confirmed } = useOverrideChoice(flow, options);
  if (leaving) return <Navigate to={leaving} replace />;
  // While sending, the sender clears the flow before it moves on: no bounce then.
  if (busy === 'sending') return <Loading message={LOADING_MESSAGES.sendingRequest} />;
  if (!flow?.execution || !safetyResult(flow.safety?.answers ?? {})) return <Navigate to={TRIAGE_START} replace />;
  if (loading.status !== 'ready' || !doc) return <FormLoadProblem state={loading.status === 'ready' ? { status: 'loading' } : loading} />;

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
