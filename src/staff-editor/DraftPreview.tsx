// "Preview draft": the patient's view of the unsaved text. A form is drawn by the real renderer
// with its live data and the payload Send would submit (the staff preview's component); a
// pathway's own sections are drawn one after another, with its examples (their outcomes are
// checked as you type: a failing example is a problem at its line).
import type { FormDocument } from '../../renderer/index';
import { SchemaForm } from '../../renderer/index';
import { Preview } from '../staff-preview/FormPreview';

interface PathwayDraft {
  label?: string;
  sections?: Array<{ id?: string; use?: string; document?: FormDocument }>;
  examples?: Array<{ name?: string; expectTopReferral?: string }>;
}

export function DraftPreview({ kind, id, doc }: { kind: 'form' | 'pathway'; id: string; doc: unknown }) {
  if (kind === 'form') {
    const form = doc as FormDocument;
    if (!form || typeof form !== 'object' || !Array.isArray(form.pages) || !form.schema) return <p>The draft is not a form document yet.</p>;
    return (
      <>
        <h3>{form.title}</h3>
        <Preview entryKey={`draft:${id}`} doc={form} version={0} />
      </>
    );
  }
  const pathway = doc as PathwayDraft;
  const sections = (pathway.sections ?? []).filter((s) => s.document && typeof s.document === 'object');
  const shared = (pathway.sections ?? []).filter((s) => typeof s.use === 'string').map((s) => s.use);
  return (
    <>
      <h3>{pathway.label ?? id}</h3>
      {shared.length > 0 ? <p>Asked first: the shared sections {shared.join(', ')} (unchanged by this draft).</p> : null}
      {sections.map((s, i) => (
        <section key={`${s.id ?? i}`} className="app-editor__section" aria-label={`Section ${s.id ?? i + 1}`}>
          <SchemaForm
            key={`${id}:${s.id ?? i}:${JSON.stringify(s.document).length}`}
            doc={s.document!}
            initialData={{}}
            params={{ patientAge: 40, sexAtBirth: 'female' }}
            headingLevel={2}
            onSubmit={() => undefined}
          />
        </section>
      ))}
      {(pathway.examples ?? []).length > 0 ? (
        <>
          <h3>Examples</h3>
          <ul>
            {(pathway.examples ?? []).map((e, i) => (
              <li key={i}>
                {e.name}
                {e.expectTopReferral ? ` → ${e.expectTopReferral}` : ''}
              </li>
            ))}
          </ul>
          <p>
            Each example is walked by the engine when the draft is checked; one that does not end as it says is listed as a problem above. Publish, then walk it
            from any section on its preview page.
          </p>
        </>
      ) : null}
    </>
  );
}
