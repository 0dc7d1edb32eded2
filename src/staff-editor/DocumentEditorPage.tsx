// /practice/forms/edit/:kind/:id (staff only: the server's staff guard stands in front of every
// /practice page). Edit a form or pathway as JSON in the browser: completion from the meta-schema,
// the server's checks as you type with each problem at its line, "Preview draft" (the patient's
// view of the unsaved text), "Publish" with an optional change note. The draft is kept on the
// server for this staff person, so closing the tab loses nothing (useDocumentDraft).
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { usePageTitle } from '../shell/usePageTitle';
import { PreviewBackLink } from '../staff-preview/previewLinks';
import type { DocumentKind, Problem } from '../api/editor';
import { DraftPreview } from './DraftPreview';
import { ChangeNote, DraftStatus, ProblemSummary, PublishedCard } from './EditorStatus';
import { useDocumentDraft } from './useDocumentDraft';
import './staff-editor.scss';

const CodeEditor = lazy(() => import('./CodeEditor'));

export default function DocumentEditorPage() {
  const { kind: rawKind = '', id = '' } = useParams();
  const kind: DocumentKind | undefined = rawKind === 'form' || rawKind === 'pathway' ? rawKind : undefined;
  const { source, text, problems, checked, saved, note, setNote, published, refusal, editor, runCheck, onChange, onPublish, onDiscard } = useDocumentDraft(
    kind,
    id,
  );
  const [previewing, setPreviewing] = useState(false);
  usePageTitle(`Edit ${id}`);

  const draftDoc = useMemo(() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }, [text]);

  if (!kind) return <p>There is no document kind called {rawKind}: forms and pathways can be edited.</p>;
  if (!source) return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  if ('error' in source) {
    return (
      <div className="app-docview">
        <PreviewBackLink />
        <h1>The document could not be opened</h1>
        <p>{source.error}</p>
      </div>
    );
  }

  const go = (p: Problem) => editor.current?.goTo(p.line, p.column);
  return (
    <div className="app-docview app-editor">
      <PreviewBackLink />
      <span className="nhsuk-caption-l">{kind === 'form' ? 'Form' : 'Pathway'}</span>
      <h1>Edit {id}</h1>
      {published ? <PublishedCard published={published} kind={kind} id={id} /> : null}
      <ProblemSummary problems={problems} title={refusal ? 'Not published: there is a problem' : 'There is a problem'} onGo={go} />
      <DraftStatus source={source} saved={saved} checked={checked} problems={problems} />
      <h2 id="document-editor-label">Document (JSON)</h2>
      <p className="nhsuk-hint" id="document-editor-hint">
        Press Ctrl+Space for the keys and values the meta-schema allows here. Problems are checked as you type, with the same checks as Reload, and marked at
        their line.
      </p>
      <div id="document-editor">
        <Suspense fallback={<Loading message={LOADING_MESSAGES.preparingInformation} />}>
          <CodeEditor
            ref={editor}
            kind={kind}
            initialText={text}
            problems={problems}
            label="Document (JSON): press Ctrl+Space for the keys and values allowed here"
            onChange={onChange}
          />
        </Suspense>
      </div>
      <div className="app-editor__actions">
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => void runCheck(text)}>
          Check
        </button>{' '}
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          aria-expanded={previewing}
          aria-controls="draft-preview"
          onClick={() => setPreviewing((p) => !p)}
        >
          {previewing ? 'Hide preview' : 'Preview draft'}
        </button>{' '}
        {saved.state !== 'none' ? (
          <button type="button" className="nhsuk-button nhsuk-button--warning" onClick={() => void onDiscard()}>
            Discard draft
          </button>
        ) : null}
      </div>
      <ChangeNote note={note} onChange={setNote} />
      <button type="button" className="nhsuk-button" onClick={() => void onPublish()}>
        Publish
      </button>
      {previewing ? (
        <section id="draft-preview" aria-labelledby="draft-preview-heading" data-testid="draft-preview">
          <h2 id="draft-preview-heading">Preview of the draft (not live)</h2>
          {draftDoc === undefined ? (
            <p>The draft is not valid JSON yet: fix the problems above to preview it.</p>
          ) : (
            <DraftPreview kind={kind} id={id} doc={draftDoc} text={text} />
          )}
        </section>
      ) : null}
    </div>
  );
}
