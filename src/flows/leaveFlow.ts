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
      });
    },
    [navigate],
  );
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
