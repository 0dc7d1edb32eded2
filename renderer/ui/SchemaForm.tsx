// We deliberately do NOT draw with @rjsf/core's Form: it re-resolves the schema and
// re-renders the whole form on every change (the baseline the benchmark measures against).
// This renderer keeps answers in a small external store (formStore.ts) that each field
// subscribes to, so a keystroke re-renders one field and a rule change re-renders only the
// fields it shows, hides, disables or re-options. Rules, validation and pruning come from
// renderer/core, the same code the server runs. What each field draws comes from the widget
// registry (widgets/index.ts, plus the app's own widgets from <WidgetsProvider>) and every word
// the form draws by itself from the strings catalogue (strings.ts); the `widgets` and `strings`
// props override parts of either.
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { SchemaCheck } from '../core/index';
import type { FormData, FormDocument, Parameters } from '../core/types';
import { ContentBlocks } from './ContentBlocks';
import { ErrorSummary } from './ErrorSummary';
import { Field } from './Field';
import { FormContext, type FormContextValue } from './formContext';
import { FormStore } from './formStore';
import { DEFAULT_STRINGS, fillString, mergeStrings, type RendererStrings } from './strings';
import { mergeWidgets } from './widgets/index';
import type { WidgetOverrides } from './widgets/types';
import { useProvidedWidgets } from './WidgetsProvider';

export const DEFAULT_BANNER = DEFAULT_STRINGS.errorBanner;

/** From this many fields on a page, off-screen fields are not drawn until scrolled to (app.scss). */
export const LONG_PAGE_FIELDS = 50;

export interface SchemaFormHandle {
  /**
   * Shows errors found elsewhere after Send (the server's validation answer naming fields) on
   * their fields and in the error summary, linked, on the page of the first; false when none of
   * them names a field of this form.
   */
  showErrors(errors: ReadonlyArray<{ path: string; message: string }>): boolean;
}

export interface SchemaFormProps {
  /** The form document (renderer/core/types.ts). Remount (change `key`) to switch documents. */
  doc: FormDocument;
  /** Run-time parameter values; changes re-evaluate the rules. */
  params?: Parameters;
  /** Answers to start from (e.g. restored from sessionStorage). Read once, on mount. */
  initialData?: FormData;
  /** Page index to start on (0-based). Read once, on mount. Ignored when `page` is given. */
  initialPage?: number;
  /**
   * The page to show (0-based), when the caller owns it (e.g. one history entry per page):
   * Next and a failed Send then call `onPageChange` and wait for the caller to pass the new page.
   */
  page?: number;
  /** Asked to move to a page (with `page`): the caller shows it by passing it back as `page`. */
  onPageChange?: (page: number) => void;
  /** Draw no Back button: the screen draws its own back link above the form (renderer/README.md). */
  hideBack?: boolean;
  /** Called with the shown page's title whenever it changes (for the document title). */
  onPageShown?: (title: string, page: number) => void;
  /** Called after every change and page move, with all answers in memory (hidden ones included). */
  onChange?: (data: FormData, page: number) => void;
  /** Called once per Send with the pruned answers; while its promise is pending Send is disabled. */
  onSubmit: (data: FormData) => Promise<void> | void;
  /** Back on the first page. Without it, the first page shows no Back button. */
  onBack?: () => void;
  /** Shows a "Cancel" link-button under the buttons. */
  onCancel?: () => void;
  /** Called when onSubmit rejects; the answers stay and Send can be pressed again. */
  onSubmitError?: (error: unknown) => void;
  /** What the caller may do to the form: show errors found elsewhere (SchemaFormHandle). */
  formRef?: Ref<SchemaFormHandle>;
  /** Button labels; each wins over the same entry of `strings` (send, next, back, cancel). */
  submitLabel?: string;
  nextLabel?: string;
  backLabel?: string;
  cancelLabel?: string;
  /** The line above the error list after a failed Next/Send; wins over `strings.errorBanner`. */
  banner?: string;
  /** Words the form draws by itself, merged over DEFAULT_STRINGS (renderer/ui/strings.ts). */
  strings?: Partial<RendererStrings>;
  /**
   * Widgets to draw with, merged over DEFAULT_WIDGETS (renderer/ui/widgets/index.ts) and the
   * nearest <WidgetsProvider>'s: a built-in name replaces it (`{ date: MyDateWidget }`), any
   * other name adds a widget documents can name in ui:widget.
   */
  widgets?: WidgetOverrides;
  /** A precompiled validator for build-time documents (generated/); run-time documents use core's interpreter. */
  schemaCheck?: SchemaCheck;
  /** After the first failed Next/Send, errors re-evaluate on every change. Default true. */
  validateOnChangeAfterSubmit?: boolean;
  /** Prefix of every element id the form draws (fields, hints, errors); default "field-". */
  idPrefix?: string;
  /** Level of the page title heading; default 1 (the form is the page's main content). */
  headingLevel?: 1 | 2;
  /** Hide the page title (when the screen draws its own heading). */
  hideTitle?: boolean;
  /** A message from the caller (e.g. a failed send), drawn above the form. */
  notice?: ReactNode;
  /**
   * The Send button cannot be pressed (disabled, aria-disabled) while true, e.g. "They have none
   * of these" with an item ticked; `submitDescribedBy` names the element that says why.
   */
  submitDisabled?: boolean;
  submitDescribedBy?: string;
}

export function SchemaForm(props: SchemaFormProps) {
  const { doc, params = EMPTY, onBack, onCancel, idPrefix = 'field-', headingLevel = 1, validateOnChangeAfterSubmit = true } = props;

  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const clampPage = (n: number) => Math.min(Math.max(n, 0), Math.max(doc.pages.length - 1, 0));
  const [ownPage, setOwnPage] = useState(() => clampPage(props.initialPage ?? 0));
  const controlled = props.page !== undefined;
  const page = controlled ? clampPage(props.page ?? 0) : ownPage;
  const pageRef = useRef(page);
  const setPage = (next: number) => {
    if (controlled) latest.current.onPageChange?.(next);
    else setOwnPage(next);
  };
  const [store] = useState(
    () =>
      new FormStore({
        doc,
        params,
        initialData: props.initialData ?? {},
        ...(props.schemaCheck ? { schemaCheck: props.schemaCheck } : {}),
      }),
  );
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<'summary' | 'heading' | null>(null);

  useEffect(() => {
    if (store.params !== params) store.setParams(params);
  }, [store, params]);
  useEffect(() => {
    store.setSchemaCheck(props.schemaCheck);
  }, [store, props.schemaCheck]);
  useEffect(() => {
    store.setOnChange((data) => latest.current.onChange?.(data, pageRef.current));
  }, [store]);

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
  }, [page, store]);
  useEffect(() => {
    const title = doc.pages[page]?.title;
    if (title) latest.current.onPageShown?.(title, page);
  }, [doc, page]);

  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === 'summary') summaryRef.current?.focus();
    if (target === 'heading') headingRef.current?.focus();
  });

  // The flat document's required fields: a group's required fields by their dotted paths.
  const required = useMemo(() => new Set(store.compiled.flat.schema.required ?? []), [store]);
  // Merged only when an override's contents change, so an inline `strings={{…}}` or
  // `widgets={{…}}` does not re-render every field on each render of the caller.
  const stringsOverride = useShallowStable(props.strings);
  const widgetsOverride = useShallowStable(props.widgets);
  const strings = useMemo(() => mergeStrings(stringsOverride), [stringsOverride]);
  const provided = useProvidedWidgets();
  const widgets = useMemo(() => mergeWidgets(provided, widgetsOverride), [provided, widgetsOverride]);
  const context = useMemo<FormContextValue>(() => ({ store, idPrefix, required, strings, widgets }), [store, idPrefix, required, strings, widgets]);
  const submitLabel = props.submitLabel ?? strings.send;
  const nextLabel = props.nextLabel ?? strings.next;
  const backLabel = props.backLabel ?? strings.back;
  const cancelLabel = props.cancelLabel ?? strings.cancel;
  const banner = props.banner ?? strings.errorBanner;

  const total = doc.pages.length;
  const spec = doc.pages[page];
  const last = page >= total - 1;

  const goTo = (next: number) => {
    pageRef.current = next;
    setPage(next);
    focusAfterRender.current = 'heading';
    latest.current.onChange?.(store.getData(), next);
  };

  const fail = (fields: string[]) => {
    if (validateOnChangeAfterSubmit) store.setLiveValidation(fields);
    setFailed(true);
    focusAfterRender.current = 'summary';
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
      failedOnPage.current = target;
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
        failedOnPage.current = target;
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

  if (!spec) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const hasRequired = spec.fields.some((f) => store.compiled.structure.expand(f).some((x) => required.has(x)));
  // Only a long page lets the browser skip drawing its far-off fields (app.scss): a skipped field
  // is laid out at a guessed height, so a taller one (a date and time, a list) would overlap the
  // next field or the buttons until scrolled to, which a short form gains nothing from risking.
  const long = spec.fields.reduce((n, f) => n + store.compiled.structure.expand(f).length, 0) >= LONG_PAGE_FIELDS;

  return (
    <FormContext.Provider value={context}>
      <div className={long ? 'app-schema-form app-schema-form--long' : 'app-schema-form'} data-form-id={doc.id}>
        {props.notice}
        <ErrorSummary
          ref={summaryRef}
          store={store}
          idPrefix={idPrefix}
          banner={banner}
          title={strings.errorSummaryTitle}
          entry={strings.errorSummaryEntry}
          shown={failed}
        />
        {total > 1 ? <span className="nhsuk-caption-l">{fillString(strings.pageOf, { page: page + 1, total })}</span> : null}
        {props.hideTitle ? null : (
          <Heading className="nhsuk-heading-l" tabIndex={-1} ref={headingRef}>
            {spec.title}
          </Heading>
        )}
        <ContentBlocks key={`c${page}`} store={store} blocks={spec.content} pageIndex={page} position="content" />
        {/* Before the form, not inside it: a paragraph directly followed by the field groups makes the NHS
            stylesheet's `p:has(+ .nhsuk-form-group …)` rules restyle every field whenever one is shown or
            hidden (about 200 ms per reveal at 1000 fields, 4x CPU slowdown; npm run bench:renderer). */}
        {hasRequired ? <p className="nhsuk-body-s">{strings.requiredLine}</p> : null}
        <form noValidate onSubmit={onFormSubmit} aria-label={spec.title}>
          {spec.fields.map((name) => (
            <Field key={name} name={name} />
          ))}
          <ContentBlocks key={`a${page}`} store={store} blocks={spec.contentAfter} pageIndex={page} position="contentAfter" />
          <div className="nhsuk-button-group">
            <button
              className="nhsuk-button"
              type="submit"
              disabled={sending || (last && props.submitDisabled === true)}
              aria-disabled={sending || (last && props.submitDisabled === true) || undefined}
              aria-describedby={last && props.submitDisabled === true ? props.submitDescribedBy : undefined}
            >
              {last ? (sending ? strings.sending : submitLabel) : nextLabel}
            </button>
            {!props.hideBack && (page > 0 || onBack) ? (
              <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={back} disabled={sending}>
                {backLabel}
              </button>
            ) : null}
            {onCancel ? (
              <button className="nhsuk-button nhsuk-button--secondary" type="button" onClick={onCancel} disabled={sending}>
                {cancelLabel}
              </button>
            ) : null}
          </div>
        </form>
      </div>
    </FormContext.Provider>
  );
}

const EMPTY: Parameters = {};

/** Whether an answer's path (`name`, `address.postcode`, `medicines.2.name`) is on a page: its first part is. */
function onPage(page: { fields: string[] }, path: string): boolean {
  return page.fields.includes(path) || page.fields.includes(path.split('.')[0]!);
}

/** `value` itself, or the previous value when it has the same keys holding the same things (one level deep). */
function useShallowStable<T extends object | undefined>(value: T): T {
  const [stable, setStable] = useState(value);
  if (stable !== value && !shallowEqual(stable, value)) {
    setStable(value);
    return value;
  }
  return stable;
}

function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
  );
}
