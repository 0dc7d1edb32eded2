// "There is a problem": one link per error, each moving focus to its field (for a group, its
// first input). The form focuses the summary after a failed Next or Send.
import { forwardRef, useSyncExternalStore, type MouseEvent } from 'react';
import type { FormStore } from './formStore';
import { fieldId } from './formContext';

interface Props {
  store: FormStore;
  idPrefix: string;
  banner: string;
  /** The summary's heading (strings.errorSummaryTitle). */
  title: string;
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

export const ErrorSummary = forwardRef<HTMLDivElement, Props>(function ErrorSummary({ store, idPrefix, banner, title, shown }, ref) {
  const errors = useSyncExternalStore(store.subscribeErrors, () => store.getErrors(), () => store.getErrors());
  if (!shown || errors.length === 0) return null;
  return (
    <div className="nhsuk-error-summary" aria-labelledby={`${idPrefix}error-summary-title`} role="alert" tabIndex={-1} ref={ref}>
      <h2 className="nhsuk-error-summary__title" id={`${idPrefix}error-summary-title`}>
        {title}
      </h2>
      <div className="nhsuk-error-summary__body">
        <p>{banner}</p>
        <ul className="nhsuk-list nhsuk-error-summary__list">
          {errors.map((e) => {
            const id = fieldId(idPrefix, e.path);
            return (
              <li key={`${e.path}:${e.keyword}`}>
                <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                  {e.message}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
});
