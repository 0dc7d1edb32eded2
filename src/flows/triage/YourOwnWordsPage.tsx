import { useMemo } from 'react';
import { confirmDiscard } from '../leaveFlow';
import { Navigate, useNavigate } from 'react-router-dom';
import { SchemaForm, type FormData, type FormDocument } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { stopExecution } from '../../api/engine';
import { useSettings } from '../../settings/useSettings';
import { isEmergencyResult } from '../../../common';
import { SelectedOption } from '../guideline/SelectedOption';
import { handOverToBooking } from './bookingHandover';
import { TRIAGE_START, clearTriageFlow, triageFlow, proxyOn } from '../guideline/journey';
import { BOOK_APPOINTMENT_PATH, URGENT, routeAfterTriage, routeInputsOf } from '../guideline/routeAfterTriage';
import { goToUrgentBranch } from './urgentBranch';
import { useFinishedTriage } from '../guideline/useJourneyBounce';
import { usePageTitle } from '../../shell/usePageTitle';
import { BackLink } from '../../components/BackLink';
import { cancelTarget, isChildPathway } from '../guideline/pathwayKind';
import { needLabelForChild } from '../guideline/childWords';
import { EMERGENCY_ADVICE_PATH, emergencyAdviceState, useWordsScreening } from '../../screening/useWordsScreening';

export const NO_SLOTS_TITLE = 'There are no self-book appointments right now';
export const NOT_POSSIBLE_TITLE = 'Self-booking is not possible for this request';
type NeedOption = { value: string; label: string };

export const PATIENT_CONTEXT = 'PATIENT_CONTEXT';

/** The document's own patientNeed options: offered when the practice lists none, so the question can always be answered. */
export function defaultNeedOptions(base: FormDocument): readonly NeedOption[] {
  return (base.schema.properties.patientNeed?.oneOf ?? []).map((o) => ({ value: String(o.const), label: String(o.title ?? o.const) }));
}

/**
 * The patient-context form: schemas/forms/PATIENT_CONTEXT.form.json (its wording, messages and the
 * long-text limit of 300 with a character count) with the page's title and the practice's
 * patientNeed options (freeTextInput.patientNeedOptions) in place of the document's defaults.
 */
export function patientContextDocument(base: FormDocument, title: string, options: readonly NeedOption[]): FormDocument {
  const need = base.schema.properties.patientNeed!;
  return {
    ...base,
    title,
    pages: base.pages.map((page) => ({ ...page, title })),
    schema: {
      ...base.schema,
      properties: { ...base.schema.properties, patientNeed: { ...need, oneOf: options.map((o) => ({ const: o.value, title: o.label })) } },
    },
  };
}

/** /triage/your-own-words: the patient context, when the practice has free text on. */
export default function YourOwnWordsPage() {
  const flow = useFinishedTriage();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const configured = settings.patientApp.freeTextInput?.patientNeedOptions;
  const forChild = isChildPathway(flow?.selection);
  // The document from the practice (prefetched by the questionnaire, the step before).
  const loading = useForm(PATIENT_CONTEXT);
  const base = loading.status === 'ready' ? loading.form.doc : undefined;
  const options = useMemo(() => {
    const list = configured && configured.length > 0 ? configured : base ? defaultNeedOptions(base) : [];
    // A parent asking about a child: "It is about my medication" is about the child's.
    return forChild ? list.map((o) => ({ ...o, label: needLabelForChild(o.label) })) : list;
  }, [configured, forChild, base]);
  const title = flow?.aiLed ? NO_SLOTS_TITLE : NOT_POSSIBLE_TITLE;
  const doc = useMemo(() => (base ? patientContextDocument(base, title, options) : undefined), [base, title, options]);
  // The page title and the h1 agree (the spec's title; the lead line says what the page is for).
  usePageTitle(title);
  // The patient's own words are screened for emergency words before going on.
  const words = useWordsScreening((matches) => void navigate(EMERGENCY_ADVICE_PATH, { state: emergencyAdviceState(matches) }));
  if (!flow || !flow.execution) return <Navigate to={TRIAGE_START} replace />;
  if (loading.status !== 'ready' || !doc) return <FormLoadProblem state={loading.status === 'ready' ? { status: 'loading' } : loading} />;
  const execution = flow.execution;

  const initial: FormData = { patientNeed: flow.patientContext?.patientNeed?.value, additionalInfo: flow.patientContext?.additionalInfo };

  function screenThenNext(answers: FormData) {
    words.screen([String(answers.additionalInfo ?? '')], () => next(answers));
  }

  async function next(answers: FormData) {
    words.dismiss();
    const value = String(answers.patientNeed);
    const need = options.find((o) => o.value === value);
    triageFlow.set({ patientContext: { ...(need ? { patientNeed: need } : {}), additionalInfo: String(answers.additionalInfo ?? '').trim() } });
    if (isEmergencyResult(execution.recommendations)) return goToUrgentBranch(navigate);
    const target = routeAfterTriage({ ...routeInputsOf(triageFlow.get(), settings, execution.recommendations), afterPatientContext: true });
    if (target === BOOK_APPOINTMENT_PATH) await navigate(handOverToBooking(triageFlow.get(), settings) ?? TRIAGE_START);
    else if (target !== URGENT) await navigate(target);
  }

  return (
    <>
      <BackLink fallback="/triage/questionnaire" />
      {flow.selection ? <SelectedOption label={flow.selection.label} /> : null}
      {words.card ?? (
        <SchemaForm
          doc={doc}
          initialData={initial}
          idPrefix="context-"
          onChange={(data) =>
            triageFlow.set((s) => {
              const need = options.find((o) => o.value === data.patientNeed);
              return {
                ...s,
                patientContext: { ...(need ? { patientNeed: need } : {}), additionalInfo: typeof data.additionalInfo === 'string' ? data.additionalInfo : '' },
              };
            })
          }
          onSubmit={screenThenNext}
          submitLabel="Next"
          onCancel={() =>
            confirmDiscard(() => {
              void stopExecution(execution.identifier, flow.useProxy ?? proxyOn(settings)).catch(() => undefined);
              void Promise.resolve(navigate(cancelTarget(flow?.selection))).then(clearTriageFlow);
            })
          }
        />
      )}
    </>
  );
}
