import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { FormLoadError, loadForm, loadedForm, type LoadedForm } from './loadForm';
import { preloadAppWidgets } from './widgets';

export type FormState = { status: 'loading' } | { status: 'ready'; form: LoadedForm } | { status: 'failed'; error: FormLoadError; retry: () => void };

type Held = { id: string; form: LoadedForm } | { id: string; error: FormLoadError } | undefined;

function asLoadError(id: string, error: unknown): FormLoadError {
  return error instanceof FormLoadError ? error : new FormLoadError('server', id, String(error), { cause: error });
}

/**
 * The form document `id` from the server (src/forms/loadForm.ts). A form already loaded (a
 * step before prefetched it) is ready on the first render, so the page draws without a spinner.
 * `id` undefined: nothing is loaded (the page is about to redirect).
 */
export function useForm(id: string | undefined): FormState {
  const [held, setHeld] = useState<Held>(() => {
    const form = id ? loadedForm(id) : undefined;
    return id && form ? { id, form } : undefined;
  });
  const [attempt, setAttempt] = useState(0);

  // A document may name one of the app's own widgets: load them while the document loads.
  useEffect(() => {
    void preloadAppWidgets();
  }, []);

  useEffect(() => {
    if (!id) return;
    // Always asked, even when already loaded (the loader answers from its cache): a prefetch by
    // the step before may finish between this render and this effect, and returning early then
    // left the page on "Preparing information" until something else re-rendered it (seen as an
    // intermittent e2e timeout on "Your details").
    let live = true;
    loadForm(id).then(
      (loaded) => live && setHeld((h) => (h && h.id === id && 'form' in h && h.form === loaded ? h : { id, form: loaded })),
      (error: unknown) => live && setHeld({ id, error: asLoadError(id, error) }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const retry = useCallback(() => {
    setHeld(undefined);
    setAttempt((n) => n + 1);
  }, []);

  if (!id || !held || held.id !== id || (!('form' in held) && loadedForm(id))) {
    const form = id ? loadedForm(id) : undefined;
    return form ? { status: 'ready', form } : { status: 'loading' };
  }
  return 'form' in held ? { status: 'ready', form: held.form } : { status: 'failed', error: held.error, retry };
}

/** The words of a form that could not be loaded: the patient's connection only when the fetch itself failed. */
function formLoadMessage(error: FormLoadError): string {
  switch (error.kind) {
    case 'network':
      return 'We could not reach the practice. Please check your internet connection and try again.';
    case 'not-found':
      return 'This form is not available from the practice. Please contact the practice directly.';
    default:
      return 'There is a problem with this form at the practice. Please try again later, or contact the practice directly.';
  }
}

/** What a page shows while its form loads, or when it could not be loaded (with "Try again" where that can help). */
export function FormLoadProblem({ state }: { state: Exclude<FormState, { status: 'ready' }> }): ReactNode {
  if (state.status === 'loading') return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  const { error, retry } = state;
  return (
    <div data-testid="form-load-problem" data-kind={error.kind}>
      <h1>The form could not be loaded</h1>
      <p>{formLoadMessage(error)}</p>
      {error.kind === 'not-found' ? null : (
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
