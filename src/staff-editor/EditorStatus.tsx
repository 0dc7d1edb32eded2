// What the editor page tells the configurer about the draft: the problem list (each a link to
// its line), the card after publishing, the summary of what is live, saved and checked, and the
// change note that goes with a publish.
import type { DocumentKind, DocumentSource, Problem } from '../api/editor';
import type { Published, Saved } from './useDocumentDraft';

const timeWords = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

export function ProblemSummary({ problems, title, onGo }: { problems: readonly Problem[]; title: string; onGo(p: Problem): void }) {
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

export function PublishedCard({ published, kind, id }: { published: Published; kind: DocumentKind; id: string }) {
  return (
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
  );
}

export function DraftStatus({ source, saved, checked, problems }: { source: DocumentSource; saved: Saved; checked: boolean; problems: readonly Problem[] }) {
  return (
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
  );
}

/** The optional note that goes into the version history with a publish. */
export function ChangeNote({ note, onChange }: { note: string; onChange(note: string): void }) {
  return (
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
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
