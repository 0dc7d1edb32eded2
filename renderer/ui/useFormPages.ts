// Which page of a <SchemaForm> is shown, and what moving between pages does: the page is the
// form's own state or the caller's (`page` + `onPageChange`, one history entry per page); a move
// focuses the new page's heading, a failed Next/Send focuses the error summary, and a page change
// the caller made clears the errors of the page left.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FormModel } from './formModel';
import type { SchemaFormProps } from './schemaFormProps';

export interface FormPages {
  page: number;
  /** The page shown, as the handlers see it between a move and its render. */
  pageRef: RefObject<number>;
  /** A failed Send moved to the page holding the first error: that page keeps its errors. */
  failedOnPageRef: RefObject<number | null>;
  failed: boolean;
  setFailed: (failed: boolean) => void;
  setPage: (next: number) => void;
  summaryRef: RefObject<HTMLDivElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  focusAfterRenderRef: RefObject<'summary' | 'heading' | null>;
  goTo: (next: number) => void;
}

export function useFormPages(props: SchemaFormProps, store: FormModel, latest: RefObject<SchemaFormProps>): FormPages {
  const { doc } = props;
  const clampPage = (n: number) => Math.min(Math.max(n, 0), Math.max(doc.pages.length - 1, 0));
  const [ownPage, setOwnPage] = useState(() => clampPage(props.initialPage ?? 0));
  const controlled = props.page !== undefined;
  const page = controlled ? clampPage(props.page ?? 0) : ownPage;
  const pageRef = useRef(page);
  const setPage = (next: number) => {
    if (controlled) latest.current.onPageChange?.(next);
    else setOwnPage(next);
  };
  const [failed, setFailed] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<'summary' | 'heading' | null>(null);

  const shownPage = useRef(page);
  /** A failed Send moved to the page holding the first error: that page keeps its errors. */
  const failedOnPage = useRef<number | null>(null);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    pageRef.current = page;
    if (failedOnPage.current === page) {
      failedOnPage.current = null;
      summaryRef.current?.focus();
    } else {
      // A page change the caller made (the browser's Back): errors of the page left are not this page's.
      failedOnPage.current = null;
      store.setLiveValidation(undefined);
      store.clearErrors();
      setFailed(false);
    }
    latest.current.onChange?.(store.getData(), page);
  }, [page, store, latest]);
  useEffect(() => {
    const title = doc.pages[page]?.title;
    if (title) latest.current.onPageShown?.(title, page);
  }, [doc, page, latest]);

  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === 'summary') summaryRef.current?.focus();
    if (target === 'heading') headingRef.current?.focus();
  });

  const goTo = (next: number) => {
    pageRef.current = next;
    setPage(next);
    focusAfterRender.current = 'heading';
    latest.current.onChange?.(store.getData(), next);
  };

  return { page, pageRef, failedOnPageRef: failedOnPage, failed, setFailed, setPage, summaryRef, headingRef, focusAfterRenderRef: focusAfterRender, goTo };
}
