// What a <SchemaForm>'s buttons do: Next validates the page, Send validates every page and calls
// onSubmit once with the pruned answers, Back moves without validating; a failure shows the
// error summary on the page of the first error. Also the server's validation answer
// (SchemaFormHandle.showErrors), shown as a failed Send is.
import { useImperativeHandle, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { FormModel } from './formModel';
import type { SchemaFormProps } from './schemaFormProps';
import type { FormPages } from './useFormPages';

export interface FormSubmit {
  sending: boolean;
  onFormSubmit: (event: FormEvent<HTMLFormElement>) => void;
  back: () => void;
}

export function useFormSubmit(props: SchemaFormProps, store: FormModel, latest: RefObject<SchemaFormProps>, pages: FormPages): FormSubmit {
  const { doc, onBack, validateOnChangeAfterSubmit = true } = props;
  const { page, pageRef, failedOnPageRef, setFailed, setPage, summaryRef, focusAfterRenderRef, goTo } = pages;
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const spec = doc.pages[page];
  const last = page >= doc.pages.length - 1;

  const fail = (fields: string[]) => {
    if (validateOnChangeAfterSubmit) store.setLiveValidation(fields);
    setFailed(true);
    focusAfterRenderRef.current = 'summary';
    // The summary may already be on screen (a second failed attempt): focus it again.
    summaryRef.current?.focus();
  };

  // The server's validation answer (SchemaFormHandle.showErrors): shown as a failed Send is,
  // on the page of its first field, linked from the error summary.
  const showErrors = (list: ReadonlyArray<{ path: string; message: string }>): boolean => {
    const found = list.filter((e) => doc.pages.some((p) => onPage(p, e.path)));
    if (found.length === 0) return false;
    const target = doc.pages.findIndex((p) => onPage(p, found[0]!.path));
    const fields = doc.pages[target]!.fields;
    store.showErrors(found.filter((e) => onPage(doc.pages[target]!, e.path)).map((e) => ({ path: e.path, keyword: 'server', message: e.message })));
    if (target !== pageRef.current) {
      pageRef.current = target;
      failedOnPageRef.current = target;
      setPage(target);
    }
    fail(fields);
    return true;
  };
  useImperativeHandle(props.formRef, () => ({ showErrors }));

  const pass = () => {
    store.setLiveValidation(undefined);
    store.clearErrors();
    setFailed(false);
  };

  const send = async () => {
    if (inFlight.current) return;
    // Every visible field of every page: a parameter may have changed since an earlier page.
    const all = doc.pages.flatMap((p) => p.fields);
    const errors = store.validateFields(all);
    if (errors.length > 0) {
      const firstPage = doc.pages.findIndex((p) => errors.some((e) => onPage(p, e.path)));
      const target = firstPage >= 0 ? firstPage : page;
      const fields = doc.pages[target]?.fields ?? [];
      store.validateFields(fields);
      if (target !== page) {
        pageRef.current = target;
        failedOnPageRef.current = target;
        setPage(target);
      }
      fail(fields);
      return;
    }
    pass();
    inFlight.current = true;
    setSending(true);
    try {
      await latest.current.onSubmit(store.pruned().data);
    } catch (error) {
      latest.current.onSubmitError?.(error);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!spec) return;
    if (!last) {
      const errors = store.validateFields(spec.fields);
      if (errors.length > 0) return fail(spec.fields);
      pass();
      goTo(page + 1);
      return;
    }
    void send();
  };

  const back = () => {
    if (page === 0) {
      onBack?.();
      return;
    }
    pass();
    goTo(page - 1);
  };

  return { sending, onFormSubmit, back };
}

/** Whether an answer's path (`name`, `address.postcode`, `medicines.2.name`) is on a page: its first part is. */
function onPage(page: { fields: string[] }, path: string): boolean {
  return page.fields.includes(path) || page.fields.includes(path.split('.')[0]!);
}
