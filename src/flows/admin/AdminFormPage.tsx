import { useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ProblemSummary } from '../../components/ProblemSummary';
import { BackLink } from '../../components/BackLink';
import { usePageTitle } from '../../shell/usePageTitle';
import { hasUnsentAnswers, useLeaveGuard } from '../../shell/useLeaveGuard';
import { useConfirmedLeave } from '../leaveFlow';
import { SchemaForm, resolveParameters, type FormData } from '../../../renderer/index';
import { FormLoadProblem, useForm } from '../../forms/useForm';
import { PostcodeNotFoundModal } from '../../postcode/usePostcodeCheck';
import { useSettings } from '../../settings/useSettings';
import { useFlowState } from '../flowState';
import { adminFlow, clearAdminFlow, parameterContext } from './adminFlow';
import { useAdminFormAccess } from './useAdminForm';
import { useAdminSubmit } from './useAdminSubmit';

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
  const flow = useFlowState(adminFlow);
  const { settings } = useSettings();
  const formState = useForm(type);
  const loaded = formState.status === 'ready' ? formState.form : undefined;
  const { notice, form, postcode, words, screenThenSubmit, sendFailed } = useAdminSubmit(
    type !== undefined && loaded && flow.patient ? { formType: type, doc: loaded.doc, flow } : undefined,
  );
  // Cancel asks before the answers go (one dialog for every step: leaveFlow.ts).
  const leave = useConfirmedLeave();
  const [searchParams, setSearchParams] = useSearchParams();
  // Each page of the form is its own history entry (`&page=2`), so the back link and the
  // browser's Back agree; the first page has no `page`.
  const page = Math.max(Number(searchParams.get('page') ?? '1') || 1, 1) - 1;
  const [pageTitle, setPageTitle] = useState<string>();
  usePageTitle(pageTitle);
  useLeaveGuard(type !== undefined && hasUnsentAnswers(flow.answers[type]));

  const params = useMemo(() => (loaded ? resolveParameters(loaded.doc, parameterContext(settings, flow.patient)) : {}), [loaded, settings, flow.patient]);

  if (access.kind === 'home') return <Navigate to="/" replace />;
  if (access.kind === 'menu') return <Navigate to="/admin-request" replace />;
  const patient = flow.patient;
  if (!patient) return <Navigate to={`/admin-request/patient-details?request=${access.type}`} replace />;
  if (formState.status !== 'ready') return <FormLoadProblem state={formState} />;
  const formType = access.type;
  const doc = formState.form.doc;

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
