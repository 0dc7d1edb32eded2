import { useEffect, useLayoutEffect } from 'react';

const TITLE_PREFIX = 'Your GP practice';
/** Put before the title while a page shows errors (the renderer's error summary adds it). */
export const ERROR_TITLE_PREFIX = 'Error: ';

export function pageTitle(pageName: string): string {
  return `${TITLE_PREFIX} - ${pageName}`;
}

/**
 * Sets the document title in the product's format: "Your GP practice - {page name}". A screen
 * or a step (each patient-details step, each page of a form) calls it with its own name; the
 * route-change handler announces the title (docs/architecture.md, "Page changes").
 */
export function usePageTitle(pageName: string | undefined): void {
  useEffect(() => {
    if (pageName) document.title = pageTitle(pageName);
  }, [pageName]);
}

/** The route table's page name: set before the screen's own effects, so `usePageTitle` in a screen wins. */
export function useRouteTitle(pageName: string): void {
  useLayoutEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
}
