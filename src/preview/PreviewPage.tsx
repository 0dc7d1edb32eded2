// /_preview and /_preview/:id — draws any form document (schemas/forms and the test fixtures)
// with the real renderer, next to its live answers and the exact payload Send would submit.
// Read-only: nothing is stored or sent. Documents load lazily, one chunk each, so `npm run dev`
// hot-reloads an edited JSON file without a restart.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { checkDocument, prune, SchemaForm, type DocumentProblem, type FormData, type FormDocument, type Parameters } from '../../renderer/index';
import { usePageTitle } from '../shell/usePageTitle';
import './preview.scss';

type Loader = () => Promise<unknown>;

const formModules = import.meta.glob('../../schemas/forms/*.form.json', { eager: false, import: 'default' }) as Record<string, Loader>;
const fixtureModules = import.meta.glob('../../schemas/fixtures/forms/*.form.json', { eager: false, import: 'default' }) as Record<string, Loader>;

interface Entry {
  key: string;
  group: 'Forms' | 'Fixtures';
  load: Loader;
}

function entries(): Entry[] {
  const out: Entry[] = [];
  const add = (modules: Record<string, Loader>, group: Entry['group']) => {
    for (const [file, load] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
      const key = file.split('/').pop()!.replace(/\.form\.json$/, '');
      out.push({ key, group, load });
    }
  };
  add(formModules, 'Forms');
  add(fixtureModules, 'Fixtures');
  return out;
}

const ENTRIES = entries();

function defaultParams(doc: FormDocument): Parameters {
  const out: Parameters = {};
  for (const [name, p] of Object.entries(doc.parameters ?? {})) if (p.default !== undefined) out[name] = p.default;
  return out;
}

function DocumentList({ current }: { current: string | undefined }) {
  return (
    <nav aria-label="Form documents">
      {(['Forms', 'Fixtures'] as const).map((group) => (
        <div key={group}>
          <h2 className="nhsuk-heading-s">{group}</h2>
          <ul className="nhsuk-list app-preview__list">
            {ENTRIES.filter((e) => e.group === group).map((e) => (
              <li key={e.key}>
                <Link to={`/_preview/${e.key}`} aria-current={e.key === current ? 'page' : undefined}>
                  {e.key}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Problems({ problems }: { problems: DocumentProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="nhsuk-card nhsuk-card--warning" data-testid="document-problems">
      <div className="nhsuk-card__content">
        <h2 className="nhsuk-card__heading">This document has problems</h2>
        <ul>
          {problems.map((p, i) => (
            <li key={i}>
              <code>{p.path}</code>: {p.message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * `version` grows each time the document is (re)loaded: in `npm run dev` an edit to its JSON
 * reloads it, and the form is drawn afresh from the edited document with the answers kept.
 */
function Preview({ entryKey, doc, version }: { entryKey: string; doc: FormDocument; version: number }) {
  const problems = useMemo(() => checkDocument(doc), [doc]);
  const [paramsText, setParamsText] = useState(() => JSON.stringify(defaultParams(doc), null, 2));
  const [params, setParams] = useState<Parameters>(() => defaultParams(doc));
  const [paramsError, setParamsError] = useState<string | undefined>();
  const [data, setData] = useState<FormData>({});
  const [sent, setSent] = useState<FormData | undefined>();
  const result = useMemo(() => prune(doc, data, params), [doc, data, params]);

  const onParams = (text: string) => {
    setParamsText(text);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      setParams(parsed as Parameters);
      setParamsError(undefined);
    } catch {
      setParamsError('Enter the parameters as a JSON object, for example {"minAge": 16}');
    }
  };

  return (
    <>
      <Problems problems={problems} />
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <SchemaForm
            key={`${entryKey}:${version}`}
            doc={doc}
            initialData={data}
            params={params}
            headingLevel={2}
            onChange={(next) => {
              setData(next);
              setSent(undefined);
            }}
            onSubmit={(payload) => setSent(payload)}
            notice={
              sent ? (
                <div className="nhsuk-card nhsuk-card--feature" role="status">
                  <div className="nhsuk-card__content">
                    <h2 className="nhsuk-card__heading nhsuk-card__heading--feature">Send pressed</h2>
                    <p>Nothing was sent: this preview is read-only. The payload is shown opposite.</p>
                  </div>
                </div>
              ) : null
            }
          />
        </div>
        <div className="nhsuk-grid-column-one-third">
          <div className={paramsError ? 'nhsuk-form-group nhsuk-form-group--error' : 'nhsuk-form-group'}>
            <label className="nhsuk-label" htmlFor="preview-params">
              Parameters (JSON)
            </label>
            {paramsError ? (
              <span className="nhsuk-error-message" id="preview-params-error">
                <span className="nhsuk-u-visually-hidden">Error:</span> {paramsError}
              </span>
            ) : null}
            <textarea
              className={paramsError ? 'nhsuk-textarea nhsuk-textarea--error app-preview__code' : 'nhsuk-textarea app-preview__code'}
              id="preview-params"
              rows={5}
              spellCheck={false}
              value={paramsText}
              aria-describedby={paramsError ? 'preview-params-error' : undefined}
              onChange={(e) => onParams(e.target.value)}
            />
          </div>
          <h2 className="nhsuk-heading-s">Live data</h2>
          <pre className="app-preview__json" data-testid="live-data">
            {JSON.stringify(data, null, 2)}
          </pre>
          <h2 className="nhsuk-heading-s">Payload Send would submit</h2>
          <pre className="app-preview__json" data-testid="payload">
            {JSON.stringify(result.data, null, 2)}
          </pre>
          <h2 className="nhsuk-heading-s">Pruned</h2>
          {result.pruned.length === 0 ? (
            <p>Nothing.</p>
          ) : (
            <ul className="app-preview__pruned" data-testid="pruned">
              {result.pruned.map((p, i) => (
                <li key={i}>
                  <code>{p.path}</code>: {p.because}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}

export function PreviewPage() {
  usePageTitle('Preview');
  const { id } = useParams();
  const entry = id ? ENTRIES.find((e) => e.key === id) : undefined;
  const [loaded, setLoaded] = useState<{ key: string; doc: FormDocument; version: number } | { key: string; error: string } | undefined>();

  useEffect(() => {
    if (!entry) return;
    let live = true;
    entry.load().then(
      (doc) =>
        live &&
        setLoaded((previous) => ({
          key: entry.key,
          doc: doc as FormDocument,
          version: previous && 'version' in previous && previous.key === entry.key ? previous.version + 1 : 0,
        })),
      (error: unknown) => live && setLoaded({ key: entry.key, error: String(error) }),
    );
    return () => {
      live = false;
    };
  }, [entry]);

  const current = loaded && entry && loaded.key === entry.key ? loaded : undefined;
  return (
    <div className="app-preview">
      <h1>{current && 'doc' in current ? `Preview: ${current.doc.title}` : 'Preview form documents'}</h1>
      {id && !entry ? <p>There is no document called {id}.</p> : null}
      {current && 'error' in current ? <p>The document could not be loaded: {current.error}</p> : null}
      {current && 'doc' in current ? <Preview key={current.key} entryKey={current.key} doc={current.doc} version={current.version} /> : null}
      {entry && !current ? <p>Loading…</p> : null}
      <DocumentList current={entry?.key} />
    </div>
  );
}
