import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Location } from 'react-router-dom';
import { AppHistoryContext, type BlockerFunction, type HeldMove } from '../routing/appHistory';

let leavingOnPurpose = false;

/** Logout and other deliberate full-page exits call this first, so no guard asks "Reload page?". */
export function allowLeaving(): void {
  leavingOnPurpose = true;
}

/** True when something the patient typed on this page would be lost by leaving it (for tests of the rule). */
export function hasUnsentAnswers(answers: Record<string, unknown> | undefined): boolean {
  return Object.values(answers ?? {}).some((value) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0));
}

/**
 * The page-leave prompt ("Reload page?") on pages with unsent answers (README "The patient
 * app"): while `active`, reloading or closing the tab or leaving the app asks the browser's
 * own confirmation. Moves inside the app are not affected (the answers stay in sessionStorage).
 * One hook for every flow: pass whether the page holds answers not yet sent.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

/** What useBlocker returns: the subset of React Router's blocker the app uses. */
export type Blocker =
  | { state: 'unblocked'; location: undefined; proceed: undefined; reset: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked', location: undefined, proceed: undefined, reset: undefined };

/**
 * Holds a move away from the page (a link, navigate(), the browser's Back) while `shouldBlock`
 * says so, until the page calls `proceed()` (go on) or `reset()` (stay): React Router's
 * useBlocker, for the app's own router (src/routing/appHistory.ts; the data router that has it
 * is a quarter of the first download). Under any other router (a unit test's) nothing is held.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useContext(AppHistoryContext);
  const [held, setHeld] = useState<HeldMove>();
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => history?.block((args) => latest.current(args), setHeld), [history]);
  return held ? { state: 'blocked', location: held.nextLocation, proceed: held.proceed, reset: held.reset } : UNBLOCKED;
}
