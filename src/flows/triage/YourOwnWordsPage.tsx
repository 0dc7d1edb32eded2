import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm, type FormData, type FormDocument } from '../../../renderer/index';
import { stopExecution } from '../../api/engine';
import { useSettings } from '../../settings/useSettings';
import { isEmergencyResult } from './classifyRequest';
import { SelectedOption } from './SelectedOption';
import { handOverToBooking } from './bookingHandover';
import { BOOK_APPOINTMENT_PATH, TRIAGE_START, URGENT, clearTriageFlow, manualAuthOn, routeAfterTriage, triageFlow, proxyOn } from './triageFlow';
import { goToUrgentBranch } from './urgentBranch';
import { useFinishedTriage } from './useTriageBounce';
import { BackLink } from '../../components/BackLink';

export const NO_SLOTS_TITLE = 'There are no self-book appointments right now';
export const NOT_POSSIBLE_TITLE = 'Self-booking is not possible for this request';
export const ADDITIONAL_INFO_MAX = 2000;

/** The patient-context form, drawn by the renderer like every other form (options from the practice's settings). */
export function patientContextDocument(title: string, options: Array<{ value: string; label: string }>): FormDocument {
  return {
    id: 'PATIENT_CONTEXT',
    title,
    pages: [{ title, fields: ['patientNeed', 'additionalInfo'] }],
    schema: {
      type: 'object',
      required: ['patientNeed', 'additionalInfo'],
      properties: {
        patientNeed: { type: 'string', title: 'What do you hope for from the practice?', oneOf: options.map((o) => ({ const: o.value, title: o.label })) },
        additionalInfo: { type: 'string', title: 'Is there anything else it would help the practice to know?', maxLength: ADDITIONAL_INFO_MAX },
      },
    },
    uiSchema: {
      patientNeed: { 'ui:widget': 'select', 'ui:errors': { required: "Pick what you hope for or choose 'Something else'." } },
      additionalInfo: {
        'ui:widget': 'textarea',
        'ui:help': 'This will be saved to your record.',
        'ui:errors': { required: "Enter 'No' if you have nothing to add.", whitespace: "Enter 'No' if you have nothing to add." },
      },
    },
  } as FormDocument;
}

/** /triage/your-own-words: the patient context, when the practice has free text on. */
export default function YourOwnWordsPage() {
  const flow = useFinishedTriage();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const configured = settings.patientApp.freeTextInput?.patientNeedOptions;
  const options = useMemo(() => configured ?? [], [configured]);
  const title = flow?.aiLed ? NO_SLOTS_TITLE : NOT_POSSIBLE_TITLE;
  const doc = useMemo(() => patientContextDocument(title, options), [title, options]);
  if (!flow || !flow.execution) return <Navigate to={TRIAGE_START} replace />;
  const execution = flow.execution;

  const initial: FormData = { patientNeed: flow.patientContext?.patientNeed?.value, additionalInfo: flow.patientContext?.additionalInfo };

  async function next(answers: FormData) {
    const value = String(answers.patientNeed);
    const need = options.find((o) => o.value === value);
    triageFlow.set({ patientContext: { ...(need ? { patientNeed: need } : {}), additionalInfo: String(answers.additionalInfo ?? '').trim() } });
    if (isEmergencyResult(execution.recommendations)) return goToUrgentBranch(navigate);
    const target = routeAfterTriage({
      guidelineId: execution.guidelineId,
      recommendations: execution.recommendations,
      freeTextEnabled: true,
      afterPatientContext: true,
      patient: flow?.patient,
      validation: flow?.validation,
      manualAuth: manualAuthOn(settings),
      checkForAppointments: flow?.checkForAppointments === true,
    });
    if (target === BOOK_APPOINTMENT_PATH) await navigate(handOverToBooking(triageFlow.get(), settings) ?? TRIAGE_START);
    else if (target !== URGENT) await navigate(target);
  }

  return (
    <>
      <BackLink fallback="/triage/questionnaire" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      <SchemaForm
        doc={doc}
        initialData={initial}
        idPrefix="context-"
        onChange={(data) =>
          triageFlow.set((s) => {
            const need = options.find((o) => o.value === data.patientNeed);
            return { ...s, patientContext: { ...(need ? { patientNeed: need } : {}), additionalInfo: typeof data.additionalInfo === 'string' ? data.additionalInfo : '' } };
          })
        }
        onSubmit={next}
        submitLabel="Next"
        onCancel={() => {
          void stopExecution(execution.identifier, flow.useProxy ?? proxyOn(settings)).catch(() => undefined);
          void Promise.resolve(navigate('/')).then(clearTriageFlow);
        }}
      />
    </>
  );
}
