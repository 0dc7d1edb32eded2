// /practice/forms/edit/:kind/:id (staff only: the server's staff guard stands in front of every
// /practice page). Edit a form or pathway as JSON in the browser: completion from the meta-schema,
// the server's checks as you type with each problem at its line, "Preview draft" (the patient's
// view of the unsaved text), "Publish" with an optional change note. The draft is kept on the
// server for this staff person, so closing the tab loses nothing.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { usePageTitle } from '../shell/usePageTitle';
import { PreviewBackLink } from '../staff-preview/previewLinks';
import type { CodeEditorHandle } from './CodeEditor';
import { checkText, discardDraft, loadSource, publish, saveDraft, type DocumentKind, type DocumentSource, type Problem } from '../api/editor';
import { DraftPreview } from './DraftPreview';
import './staff-editor.scss';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** How long typing pauses before the draft is saved and checked. */
const QUIET_MS = 600;

type Saved = { state: 'saved'; at: string } | { state: 'unsaved' } | { state: 'none' } | { state: 'failed'; message: string };

const timeWords = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

function ProblemSummary({ problems, title, onGo }: { problems: readonly Problem[]; title: string; onGo(p: Problem): void }) {
  if (problems.length === 0) return null;
  return (
    <div className="nhsuk-error-summary" aria-labelledby="problems-title" role="alert" tabIndex={-1} data-testid="editor-problems">
      <h2 className="nhsuk-error-summary__title" id="problems-title">
        {title}
      </h2>
      <div className="nhsuk-error-summary__body">
        <ul className="nhsuk-list nhsuk-error-summary__list">
          {problems.map((p, i) => (
            <li key={i}>
              <a
                href="#document-editor"
                onClick={(e) => {
                  e.preventDefault();
                  onGo(p);
                }}
              >
                Line {p.line}: {p.message}
                {p.path ? ` (${p.path})` : ''}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export default function DocumentEditorPage() {
  const { kind: rawKind = '', id = '' } = useParams();
  const kind: DocumentKind | undefined = rawKind === 'form' || rawKind === 'pathway' ? rawKind : undefined;
  const [source, setSource] = useState<DocumentSource | { error: string }>();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState<Saved>({ state: 'none' });
  const [note, setNote] = useState('');
  const [published, setPublished] = useState<{ version: number; unchanged: boolean }>();
  const [refusal, setRefusal] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const editor = useRef<CodeEditorHandle>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  usePageTitle(`Edit ${id}`);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    loadSource(kind, id).then(
      (s) => {
        if (!live) return;
        setSource(s);
        setText(s.draft?.text ?? s.live?.text ?? s.refusedFile ?? '');
        setSaved(s.draft ? { state: 'saved', at: s.draft.updatedAt } : { state: 'none' });
      },
      (error: unknown) => live && setSource({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [kind, id]);

  const runCheck = useCallback(
    async (value: string) => {
      if (!kind) return;
      setProblems(await checkText(kind, id, value));
      setChecked(true);
    },
    [kind, id],
  );

  const onChange = useCallback(
    (value: string) => {
      setText(value);
      setSaved({ state: 'unsaved' });
      setPublished(undefined);
      setRefusal(undefined);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (!kind) return;
        saveDraft(kind, id, value).then(
          (at) => setSaved({ state: 'saved', at }),
          (error: unknown) => setSaved({ state: 'failed', message: String(error) }),
        );
        void runCheck(value).catch(() => undefined);
      }, QUIET_MS);
    },
    [kind, id, runCheck],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

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

  const onPublish = async () => {
    clearTimeout(timer.current);
    const answer = await publish(kind, id, text, note);
    if (answer.ok) {
      setPublished({ version: answer.version, unchanged: answer.unchanged });
      setProblems([]);
      setNote('');
      setSaved({ state: 'none' });
      setSource(await loadSource(kind, id));
    } else {
      setProblems(answer.problems);
      setRefusal(answer.message);
    }
  };
  const onDiscard = async () => {
    clearTimeout(timer.current);
    await discardDraft(kind, id);
    const fresh = await loadSource(kind, id);
    setSource(fresh);
    const back = fresh.live?.text ?? fresh.refusedFile ?? '';
    editor.current?.replace(back);
    setText(back);
    setSaved({ state: 'none' });
    setProblems([]);
  };

  const go = (p: Problem) => editor.current?.goTo(p.line, p.column);
  return (
    <div className="app-docview app-editor">
      <PreviewBackLink />
      <span className="nhsuk-caption-l">{kind === 'form' ? 'Form' : 'Pathway'}</span>
      <h1>Edit {id}</h1>
      {published ? (
        <div className="nhsuk-card nhsuk-card--feature" role="status" data-testid="published">
          <div className="nhsuk-card__content">
            <h2 className="nhsuk-card__heading nhsuk-card__heading--feature">
              {published.unchanged ? 'Nothing to publish' : `Published: version ${published.version} is live`}
            </h2>
            <p>
              {published.unchanged
                ? `The text is the live version ${published.version}.`
                : 'Patients get it from now on. Every version stays in the history, where it can be restored.'}{' '}
              <a href={`/practice/forms/versions/${kind}/${encodeURIComponent(id)}`}>See the versions</a>
            </p>
          </div>
        </div>
      ) : null}
      <ProblemSummary problems={problems} title={refusal ? 'Not published: there is a problem' : 'There is a problem'} onGo={go} />
      <dl className="nhsuk-summary-list" data-testid="editor-status">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Live now</dt>
          <dd className="nhsuk-summary-list__value">
            {source.live
              ? `Version ${source.live.version} (${source.live.source === 'built-in' ? 'built in' : 'practice folder'}, ${source.live.file})`
              : 'Not live'}
          </dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Your draft</dt>
          <dd className="nhsuk-summary-list__value" data-testid="draft-state" aria-live="polite">
            {saved.state === 'saved'
              ? `Saved at ${timeWords(saved.at)} (only you see it until you publish)`
              : saved.state === 'unsaved'
                ? 'Changes not saved yet'
                : saved.state === 'failed'
                  ? `Not saved: ${saved.message}`
                  : 'No draft: this is the live text'}
          </dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Checks</dt>
          <dd className="nhsuk-summary-list__value" data-testid="check-state" aria-live="polite">
            {!checked ? 'Not checked yet' : problems.length === 0 ? 'No problems' : `${problems.length} problem${problems.length === 1 ? '' : 's'}`}
          </dd>
        </div>
      </dl>
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
      <div className="nhsuk-form-group">
        <label className="nhsuk-label" htmlFor="change-note">
          Change note (optional)
        </label>
        <div className="nhsuk-hint" id="change-note-hint">
          What changed and why, for the version history.
        </div>
        <input
          className="nhsuk-input"
          id="change-note"
          type="text"
          maxLength={500}
          aria-describedby="change-note-hint"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
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
