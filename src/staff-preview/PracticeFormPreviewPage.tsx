// /practice/forms/preview/form/:id (staff only: the server's staff guard stands in front of every
// /practice page). The form exactly as patients get it now: the same endpoint, document and
// validator the patient app loads (src/forms/loadForm.ts), drawn by the same renderer.
import { useParams } from 'react-router-dom';
import { FormLoadProblem, useForm } from '../forms/useForm';
import { usePageTitle } from '../shell/usePageTitle';
import { Preview } from './FormPreview';
import { FORMS_PAGE, PreviewBackLink } from './previewLinks';

export default function PracticeFormPreviewPage() {
  const { id = '' } = useParams();
  const state = useForm(id);
  const doc = state.status === 'ready' ? state.form.doc : undefined;
  usePageTitle(doc ? `Preview: ${doc.title}` : 'Preview');
  if (state.status !== 'ready') {
    return (
      <div className="app-docview">
        <PreviewBackLink />
        <FormLoadProblem state={state} />
      </div>
    );
  }
  const { form } = state;
  return (
    <div className="app-docview">
      <PreviewBackLink />
      <span className="nhsuk-caption-l">Preview of a form</span>
      <h1>{form.doc.title}</h1>
      <dl className="nhsuk-summary-list" data-testid="preview-version">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Document</dt>
          <dd className="nhsuk-summary-list__value">
            <code>{id}</code>
          </dd>
        </div>
        {form.version ? (
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Version served now</dt>
            <dd className="nhsuk-summary-list__value">
              {form.version.version} (<code>{form.version.hash}</code>)
            </dd>
          </div>
        ) : null}
      </dl>
      <p>
        This is the form patients get now, checked with the same rules the practice&apos;s server uses. Nothing is sent. Change the document in the practice
        folder and press &quot;Reload documents&quot; on the <a href={FORMS_PAGE}>Forms page</a> to update it.
      </p>
      <Preview entryKey={id} doc={form.doc} version={form.version?.version ?? 0} schemaCheck={form.schemaCheck} />
    </div>
  );
}
