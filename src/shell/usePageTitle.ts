import { useEffect } from 'react';

export const TITLE_PREFIX = 'Your GP practice';

export function pageTitle(pageName: string): string {
  return `${TITLE_PREFIX} - ${pageName}`;
}

/** Sets the document title in the product's format: "Your GP practice - {page name}". */
export function usePageTitle(pageName: string): void {
  useEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
}
