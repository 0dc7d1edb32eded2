// The props and handle of <SchemaForm> (SchemaForm.tsx): what a caller passes and what it may do
// to a mounted form.
import type { ReactNode, Ref } from 'react';
import type { SchemaCheck } from '../core/index';
import type { FormData, FormDocument, Parameters } from '../core/types';
import type { RendererStrings } from './strings';
import type { WidgetOverrides } from './widgets/types';

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
