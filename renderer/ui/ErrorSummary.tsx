// "There is a problem": one link per error, each moving focus to its field (for a group, its
// first input). The form focuses the summary after a failed Next or Send.
import { forwardRef, useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import type { FormModel } from './formModel';
import { fieldId } from './formContext';
import { fillString } from './strings';

/** Put before the document title while the summary shows, so the page's title says it has errors. */
const ERROR_TITLE_PREFIX = 'Error: ';

interface Props {
  store: FormModel;
  idPrefix: string;
  banner: string;
  /** The summary's heading (strings.errorSummaryTitle). */
  title: string;
  /** How an entry names its question ('{question}: {message}', strings.errorSummaryEntry). */
  entry: string;
  shown: boolean;
}

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  // Bring the question (label or legend) into view, not just the box.
  const group = target.closest('.nhsuk-form-group--error') ?? target;
  if (typeof group.scrollIntoView === 'function') group.scrollIntoView();
  target.focus({ preventScroll: true });
}

/** A summary entry names its question, so two identical messages can be told apart; a check across fields has no question. */
function entryText(template: string, question: string | undefined, message: string): string {
  return question ? fillString(template, { question, message }) : message;
}

export const ErrorSummary = forwardRef<HTMLDivElement, Props>(function ErrorSummary({ store, idPrefix, banner, title, entry, shown }, ref) {
  const errors = useSyncExternalStore(
    store.subscribeErrors,
    () => store.getErrors(),
    () => store.getErrors(),
  );
  const showing = shown && errors.length > 0;
  useEffect(() => {
    if (!showing) return;
    if (!document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = ERROR_TITLE_PREFIX + document.title;
    return () => {
      if (document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = document.title.slice(ERROR_TITLE_PREFIX.length);
    };
  }, [showing]);
  if (!showing) return null;
  return (
    <div className="nhsuk-error-summary" aria-labelledby={`${idPrefix}error-summary-title`} role="alert" tabIndex={-1} ref={ref}>
      <h2 className="nhsuk-error-summary__title" id={`${idPrefix}error-summary-title`}>
        {title}
      </h2>
      <div className="nhsuk-error-summary__body">
        <p>{banner}</p>
        <ul className="nhsuk-list nhsuk-error-summary__list">
          {errors.map((e) => {
            const id = fieldId(idPrefix, linkTarget(store, e.path));
            return (
              <li key={`${e.path}:${e.keyword}`}>
                <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                  {entryText(entry, store.compiled.schemaOf(e.path)?.title ?? store.doc.schema.properties[e.path]?.title, e.message)}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
});

/** Where an error's link goes: the field's input; a list's error goes to its first item's first input. */
function linkTarget(store: FormModel, path: string): string {
  const list = store.compiled.structure.lists.get(path);
  if (!list) return path;
  return list.itemKind === 'object' ? `${path}.0.${list.itemDoc.pages[0]?.fields[0] ?? ''}` : `${path}.0`;
}
