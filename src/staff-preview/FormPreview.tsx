// A form document drawn by the real renderer next to its live answers and the exact payload Send
// would submit, with its parameters editable. Used by the staff preview
// (/practice/forms/preview/form/:id, the document and validator the server serves) and by the
// development preview (/_preview, documents from the repository). Read-only: nothing is sent.
import { useMemo, useState } from 'react';
import {
  checkDocument,
  prune,
  SchemaForm,
  type DocumentProblem,
  type FormData,
  type FormDocument,
  type Parameters,
  type SchemaCheck,
} from '../../renderer/index';
import { APP_WIDGET_DECLARATIONS } from '../forms/widgetDeclarations';
import './staff-preview.scss';

function defaultParams(doc: FormDocument): Parameters {
  const out: Parameters = {};
  for (const [name, p] of Object.entries(doc.parameters ?? {})) if (p.default !== undefined) out[name] = p.default;
  return out;
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
export function Preview({ entryKey, doc, version, schemaCheck }: { entryKey: string; doc: FormDocument; version: number; schemaCheck?: SchemaCheck }) {
  const problems = useMemo(() => checkDocument(doc, { widgets: APP_WIDGET_DECLARATIONS }), [doc]);
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
            {...(schemaCheck ? { schemaCheck } : {})}
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
              className={paramsError ? 'nhsuk-textarea nhsuk-textarea--error app-docview__code' : 'nhsuk-textarea app-docview__code'}
              id="preview-params"
              rows={5}
              spellCheck={false}
              value={paramsText}
              aria-describedby={paramsError ? 'preview-params-error' : undefined}
              onChange={(e) => onParams(e.target.value)}
            />
          </div>
          <h2 className="nhsuk-heading-s">Live data</h2>
          <pre className="app-docview__json" data-testid="live-data">
            {JSON.stringify(data, null, 2)}
          </pre>
          <h2 className="nhsuk-heading-s">Payload Send would submit</h2>
          <pre className="app-docview__json" data-testid="payload">
            {JSON.stringify(result.data, null, 2)}
          </pre>
          <h2 className="nhsuk-heading-s">Pruned</h2>
          {result.pruned.length === 0 ? (
            <p>Nothing.</p>
          ) : (
            <ul className="app-docview__pruned" data-testid="pruned">
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
