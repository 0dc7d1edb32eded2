import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { endJourney } from './emergencyCheck';

/**
 * Leaves a flow (Cancel) and only then forgets its answers. Clearing first would re-render the
 * page still on screen without its state, and its guard ("no patient yet → patient details")
 * would send the patient back into the flow instead of out of it.
 */
export function useLeaveFlow(): (to: string, clear: () => void) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, clear: () => void) => {
      void Promise.resolve(navigate(to, { flushSync: true })).then(() => {
        clear();
        endJourney();
        keepFocusOnPage();
      });
    },
    [navigate],
  );
}

/** How long after leaving a flow focus is watched (the next page may draw its h1 late). */
const FOCUS_WATCH_MS = 3000;

/**
 * After leaving a flow, focus must not be lost on the body: the Cancel button that opened the
 * discard dialog is gone, and forgetting the answers redraws the page the patient lands on, so
 * the h1 the shell focused can be replaced. A keyboard or screen-reader user would then start
 * again from the top of the document. While focus is on the body, the page's h1 takes it.
 */
function keepFocusOnPage(): void {
  if (typeof window === 'undefined') return;
  const until = Date.now() + FOCUS_WATCH_MS;
  const check = () => {
    const active = document.activeElement;
    if (!active || active === document.body) {
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
    }
    if (Date.now() < until) window.requestAnimationFrame(check);
  };
  window.requestAnimationFrame(check);
}

/** The confirmation asked before Cancel throws away a request the patient has answered. */
export const DISCARD_REQUEST = {
  title: 'Discard your request?',
  body: 'If you cancel now, your answers will be deleted and your request will not be sent to the practice.',
  yes: 'Yes, discard my request',
  no: 'No, go back to my request',
} as const;

type Listener = () => void;
let pendingDiscard: (() => void) | undefined;
const listeners = new Set<Listener>();
function publish(next: (() => void) | undefined) {
  pendingDiscard = next;
  for (const listener of listeners) listener();
}

/**
 * Cancel on a step that holds answers (an admin form, "In your own words", "Send your request?",
 * booking after a questionnaire): asks first, and runs `discard` only on "Yes, discard my request".
 * One dialog for the whole app (<DiscardRequestDialog /> in the layout), so every step asks the
 * same question in the same words and "No" leaves the page — and every answer on it — untouched.
 */
export function confirmDiscard(discard: () => void): void {
  publish(discard);
}

/** The discard waiting for the patient's answer, if any (for the dialog). */
export function usePendingDiscard(): { pending: boolean; confirm: () => void; dismiss: () => void } {
  const pending = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingDiscard,
    // The server's render (src/entry-server.tsx) and hydration: nothing is waiting.
    () => undefined,
  );
  return {
    pending: pending !== undefined,
    confirm: () => {
      const discard = pendingDiscard;
      publish(undefined);
      discard?.();
    },
    dismiss: () => publish(undefined),
  };
}

/** Cancel that asks before leaving: `leave(to, clear)` once the patient says yes. */
export function useConfirmedLeave(): (to: string, clear: () => void) => void {
  const leave = useLeaveFlow();
  return useCallback((to: string, clear: () => void) => confirmDiscard(() => leave(to, clear)), [leave]);
}
