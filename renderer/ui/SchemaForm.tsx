// We deliberately do NOT draw with @rjsf/core's Form: it re-resolves the schema and
// re-renders the whole form on every change (the baseline the benchmark measures against).
// This renderer keeps answers in a small external store (formModel.ts) that each field
// subscribes to, so a keystroke re-renders one field and a rule change re-renders only the
// fields it shows, hides, disables or re-options. Rules, validation and pruning come from
// renderer/core, the same code the server runs. What each field draws comes from the widget
// registry (widgets/index.ts, plus the app's own widgets from <WidgetsProvider>) and every word
// the form draws by itself from the strings catalogue (strings.ts); the `widgets` and `strings`
// props override parts of either.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Parameters } from '../core/types';
import { ContentBlocks } from './ContentBlocks';
import { ErrorSummary } from './ErrorSummary';
import { Field } from './Field';
import { FormButtons } from './FormButtons';
import { FormContext, type FormContextValue } from './formContext';
import { FormModel } from './formModel';
import type { SchemaFormProps } from './schemaFormProps';
import { DEFAULT_STRINGS, fillString, mergeStrings } from './strings';
import { useFormPages } from './useFormPages';
import { useFormSubmit } from './useFormSubmit';
import { useShallowStable } from './useShallowStable';
import { mergeWidgets } from './widgets/index';
import { useProvidedWidgets } from './WidgetsProvider';

export type { SchemaFormHandle, SchemaFormProps } from './schemaFormProps';

export const DEFAULT_BANNER = DEFAULT_STRINGS.errorBanner;

/** From this many fields on a page, off-screen fields are not drawn until scrolled to (app.scss). */
const LONG_PAGE_FIELDS = 50;

export function SchemaForm(props: SchemaFormProps) {
  const { doc, params = EMPTY, idPrefix = 'field-', headingLevel = 1 } = props;

  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [store] = useState(
    () =>
      new FormModel({
        doc,
        params,
        initialData: props.initialData ?? {},
        ...(props.schemaCheck ? { schemaCheck: props.schemaCheck } : {}),
      }),
  );
  const pages = useFormPages(props, store, latest);
  const { page, pageRef, failed, summaryRef, headingRef } = pages;
  const { sending, onFormSubmit, back } = useFormSubmit(props, store, latest, pages);

  useEffect(() => {
    if (store.params !== params) store.setParams(params);
  }, [store, params]);
  useEffect(() => {
    store.setSchemaCheck(props.schemaCheck);
  }, [store, props.schemaCheck]);
  useEffect(() => {
    store.setOnChange((data) => latest.current.onChange?.(data, pageRef.current));
  }, [store, pageRef]);

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
  const banner = props.banner ?? strings.errorBanner;

  const total = doc.pages.length;
  const spec = doc.pages[page];
  const last = page >= total - 1;

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
        {hasRequired ? <RequiredLine text={strings.requiredLine} /> : null}
        <form noValidate onSubmit={onFormSubmit} aria-label={spec.title}>
          {/* The fields sit in a div, not directly in the form: Chromium does work over all of a form's
              controls each time an element is added as the form's own child, so a first render that
              appended 1000 field groups to the form took ~3 s in appendChild alone (npm run
              bench:renderer, 1000 fields); appended to a div they take milliseconds. */}
          <div className="app-schema-form__fields">
            {spec.fields.map((name) => (
              <Field key={name} name={name} />
            ))}
          </div>
          <ContentBlocks key={`a${page}`} store={store} blocks={spec.contentAfter} pageIndex={page} position="contentAfter" />
          <FormButtons props={props} strings={strings} page={page} last={last} sending={sending} back={back} />
        </form>
      </div>
    </FormContext.Provider>
  );
}

/**
 * The "questions marked with an asterisk" line, before the form (not inside it) and alone in a div.
 * The NHS stylesheet's `.nhsuk-body-s:has(+ .nhsuk-form-group > … .nhsuk-label)` rules make Chromium
 * search the whole subtree of the paragraph's next sibling whenever a field is shown or hidden.
 * Directly followed by the field groups, that restyled every field (about 200 ms per reveal at 1000
 * fields); followed by the form, it still walked every element of the form (about 35 ms of style
 * recalculation per reveal on the nested bench form; 4x CPU slowdown, npm run bench:renderer).
 * With no next sibling there is nothing to search; the div adds no box of its own.
 */
function RequiredLine({ text }: { text: string }) {
  return (
    <div className="app-schema-form__required">
      <p className="nhsuk-body-s">{text}</p>
    </div>
  );
}

const EMPTY: Parameters = {};
