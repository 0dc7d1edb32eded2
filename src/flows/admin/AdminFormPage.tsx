import { useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ProblemSummary } from '../../components/ProblemSummary';
import { BackLink } from '../../components/BackLink';
import { usePageTitle } from '../../shell/usePageTitle';
import { hasUnsentAnswers, useLeaveGuard } from '../../shell/useLeaveGuard';
import { useConfirmedLeave } from '../leaveFlow';
import { SchemaForm, resolveParameters, toWire, type FormData, type SchemaFormHandle } from '../../../renderer/index';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../errors/mapError';
import { CONNECTION_CLOSED_MARKER } from '../../errors/messages';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { PostcodeNotFoundModal, usePostcodeCheck } from '../../postcode/usePostcodeCheck';
import { useSettings } from '../../settings/useSettings';
import { useFlowStore } from '../sessionFlowStore';
import { CHANGE_OF_CONTACT_DETAILS, SEND_FAILED_MESSAGE, adminFlow, clearAdminFlow, needsContactChoice, parameterContext, prepareSend } from './adminFlow';
import { sendUnverifiedRequests } from '../../api/index';
import { useAdminFormAccess } from './useAdminForm';
import { useAdminSender } from './useAdminSender';
import { freeTextAnswers } from '../../screening/freeText';
import { EMERGENCY_ADVICE_PATH, emergencyAdviceState, useWordsScreening } from '../../screening/useWordsScreening';

/**
 * The page counter above a multi-page form's title in words ("Page 1 of 4"), as the child
 * checklist says it: "Page 1/4" reads as a fraction or a date to some patients and to screen readers.
 */
export const FORM_STRINGS = { pageOf: 'Page {page} of {total}' } as const;

/**
 * A form that asks for an email (the electronic prescription service's `email`) starts with the
 * one the patient gave on the contact step, not empty: they are not asked to type it twice. It
 * stays a question they can change; a form already started keeps its own answers.
 */
export function givenEmail(
  doc: { schema: { properties: Record<string, unknown> } },
  patient: { contactDetails?: { emailAddress?: string } },
): FormData | undefined {
  const email = patient.contactDetails?.emailAddress;
  if (!email) return undefined;
  const field = Object.entries(doc.schema.properties).find(
    ([name, schema]) => name === 'email' && typeof schema === 'object' && schema !== null && (schema as { format?: unknown }).format === 'email',
  );
  return field ? { [field[0]]: email } : undefined;
}

/** /admin-request/form?request=TYPE: the admin form document, drawn by the renderer. */
export default function AdminFormPage() {
  const access = useAdminFormAccess();
  const type = access.kind === 'ok' ? access.type : undefined;
  const flow = useFlowStore(adminFlow);
  const { settings } = useSettings();
  const navigate = useNavigate();
  const send = useAdminSender();
  const formState = useForm(type);
  const loaded = formState.status === 'ready' ? formState.form : undefined;
  const [notice, setNotice] = useState<string>();
  /** Shows the practice's validation answer to Send on the fields it names. */
  const form = useRef<SchemaFormHandle>(null);
  // The EPS form's pharmacy postcode: focus goes back to it after "Postcode not found" → No.
  const postcode = usePostcodeCheck('field-pharmacyPostcode');
  // Cancel asks before the answers go (one dialog for every step: leaveFlow.ts).
  const leave = useConfirmedLeave();
  const [searchParams, setSearchParams] = useSearchParams();
  // Each page of the form is its own history entry (`&page=2`), so the back link and the
  // browser's Back agree; the first page has no `page`.
  const page = Math.max(Number(searchParams.get('page') ?? '1') || 1, 1) - 1;
  const [pageTitle, setPageTitle] = useState<string>();
  usePageTitle(pageTitle);
  useLeaveGuard(type !== undefined && hasUnsentAnswers(flow.answers[type]));
  // The long texts are screened for emergency words before the request is sent.
  const words = useWordsScreening(
    (matches) =>
      void navigate(EMERGENCY_ADVICE_PATH, {
        state: emergencyAdviceState(matches),
      }),
  );

  const params = useMemo(() => (loaded ? resolveParameters(loaded.doc, parameterContext(settings, flow.patient)) : {}), [loaded, settings, flow.patient]);

  if (access.kind === 'home') return <Navigate to="/" replace />;
  if (access.kind === 'menu') return <Navigate to="/admin-request" replace />;
  const patient = flow.patient;
  if (!patient) return <Navigate to={`/admin-request/patient-details?request=${access.type}`} replace />;
  if (formState.status !== 'ready') return <FormLoadProblem state={formState} />;
  const formType = access.type;
  const doc = formState.form.doc;
  const formFields = Object.keys(doc.schema.properties);

  /** The pharmacy postcode of the EPS form is checked after the page validates (README, "Admin requests"). */
  async function pharmacyPostcodeAccepted(data: FormData): Promise<boolean> {
    if (formType !== 'ELECTRONIC_PRESCRIPTION_SERVICE' || typeof data.pharmacyPostcode !== 'string') return true;
    return postcode.confirm(data.pharmacyPostcode);
  }

  function screenThenSubmit(pruned: FormData) {
    if (!loaded) return;
    // Returned, so the form's Send stays disabled and says "Sending…" until the practice answers.
    return words.screen(freeTextAnswers(loaded.doc, pruned), () => submit(pruned).catch(sendFailed))?.then(() => undefined);
  }

  async function submit(pruned: FormData) {
    setNotice(undefined);
    words.dismiss();
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

  const pageHeading = doc.pages[page]?.title;
  const back = page > 0 ? `/admin-request/form?request=${formType}${page > 1 ? `&page=${page}` : ''}` : '/admin-request';
  return (
    <>
      <BackLink fallback={back} />
      {/* The request's name as a caption, unless the page's heading already says it. */}
      {pageHeading !== access.label ? <span className="nhsuk-caption-l">{access.label}</span> : null}
      {words.card ?? (
        <SchemaForm
          key={formType}
          doc={doc}
          schemaCheck={formState.form.schemaCheck}
          params={params}
          initialData={flow.answers[formType] ?? givenEmail(doc, patient)}
          page={page}
          hideBack
          strings={FORM_STRINGS}
          onPageChange={(next) =>
            setSearchParams((current) => {
              const params = new URLSearchParams(current);
              if (next > 0) params.set('page', String(next + 1));
              else params.delete('page');
              return params;
            })
          }
          onPageShown={(title) => setPageTitle(title)}
          onChange={(data, page) =>
            adminFlow.set((s) => ({
              ...s,
              answers: { ...s.answers, [formType]: data },
              pages: { ...s.pages, [formType]: page },
            }))
          }
          onSubmit={screenThenSubmit}
          onSubmitError={sendFailed}
          formRef={form}
          onCancel={() => leave('/', clearAdminFlow)}
          notice={notice ? <ProblemSummary message={notice} /> : undefined}
        />
      )}
      <PostcodeNotFoundModal {...postcode.question} />
    </>
  );
}
