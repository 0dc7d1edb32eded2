import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long the handler waits for a lazily loaded page to draw its h1. */
const HEADING_WAIT_MS = 10_000;

/**
 * Navigation state `{ focusId }` asks the handler to focus an element (by id) instead of the h1:
 * the modal outcome pattern sends the patient to the step holding what must be fixed and focuses it.
 */
function focusIdOf(state: unknown): string | undefined {
  return state && typeof state === 'object' && 'focusId' in state && typeof state.focusId === 'string' ? state.focusId : undefined;
}

function pageHeading(focusId: string | undefined): HTMLElement | null {
  if (focusId) return document.getElementById(focusId);
  return document.querySelector<HTMLHeadingElement>('#maincontent h1');
}

/**
 * The one route-change handler (docs/architecture.md, "Page changes"). On every change of
 * address (path or query; not the first load, not a `#fragment`): scroll to the top, move focus
 * to the new page's h1 once it is drawn, and announce the page title in a polite live region.
 * Every flow, present or future, gets this from the shell: pages only draw an h1 and set their
 * title with `usePageTitle`.
 */
export function RouteChangeHandler() {
  const { pathname, search, state } = useLocation();
  const focusId = focusIdOf(state);
  const address = pathname + search;
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  // This handler puts every page it changes to at its top. Left to the browser, Back would then
  // scroll the page it returns to down to where the patient last was (under the Next they pressed,
  // on a page drawn afresh), after the handler's own scroll.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    let done = false;
    const settle = (): boolean => {
      const heading = pageHeading(focusId);
      if (!heading || done) return false;
      done = true;
      // A failed Send that moved to the page with the error has focused that page's error summary: keep it there.
      const active = document.activeElement;
      const onSummary = active instanceof HTMLElement && active.closest('.nhsuk-error-summary') !== null;
      if (onSummary) {
        requestAnimationFrame(() => setAnnouncement(document.title));
        return true;
      }
      if (!focusId && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      if (focusId) heading.scrollIntoView?.({ block: 'center' });
      else window.scrollTo(0, 0);
      // Titles are set in effects; read it after this frame so the new page's title is in.
      requestAnimationFrame(() => setAnnouncement(document.title));
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(stop);
    };
    // The focus target belongs to the navigation that brought it, read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);

  return (
    <div className="nhsuk-u-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
