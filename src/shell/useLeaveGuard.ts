import { useEffect } from 'react';

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
