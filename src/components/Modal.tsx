import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalAction {
  label: string;
  onClick: () => void;
  secondary?: boolean;
  /** The safe choice ("No, keep it"): focused when the dialog opens. Defaults to the first secondary action. */
  safe?: boolean;
}

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons in place of the single Close button (e.g. Yes / No); Escape still closes. */
  actions?: ModalAction[];
  /**
   * Where focus goes when the modal closes, when not back to what opened it: the modal outcome
   * pattern (docs/architecture.md, "Page changes") returns focus to what must be fixed.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** The action focused on opening: the one marked safe, else the first secondary one. */
function safeIndex(actions: readonly ModalAction[]): number {
  const marked = actions.findIndex((a) => a.safe);
  return marked >= 0 ? marked : actions.findIndex((a) => a.secondary);
}

/**
 * The page's h1, focusable: where focus goes when what opened a dialog is gone (Cancel, then
 * "Yes, discard my request", leaves the page). Focus on a removed button falls to the body, and
 * a keyboard or screen-reader user would start again from the top of the document.
 */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * An accessible modal dialog on the native `<dialog>` element: showModal makes the rest of the
 * page inert, Escape closes it, it is labelled by its heading, and the browser returns focus
 * to the element that opened it when it closes.
 */
export function Modal({ open, title, onClose, children, actions, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  const returnTo = useRef(returnFocusTo);
  useEffect(() => {
    returnTo.current = returnFocusTo;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) wasOpen.current = true;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The browser focuses the first button, which is the risky one ("Yes, discard my answers"):
      // a patient who presses Enter or Space by habit must land on the safe choice instead.
      dialog.querySelector<HTMLElement>('[data-safe-choice]')?.focus();
    } else if (!open && wasOpen.current) {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      const target = returnTo.current?.() ?? opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
      else pageHeading()?.focus({ preventScroll: true });
      opener.current = null;
      wasOpen.current = false;
    }
  }, [open]);

  // The browser fires `close` a task after dialog.close(). When the patient reopens the dialog
  // before that (Cancel again straight after "No, go back"), the late event must not close the
  // dialog just opened: only a close that left the dialog closed (Escape, our own close) counts.
  const closed = () => {
    if (!ref.current?.open) onClose();
  };

  return (
    <dialog ref={ref} className="app-modal" aria-labelledby={headingId} onClose={closed}>
      <div className="app-modal__content">
        <h2 id={headingId} className="nhsuk-heading-m">
          {title}
        </h2>
        {children}
        {actions ? (
          <div className="nhsuk-button-group">
            {actions.map((action, i) => (
              <button
                key={action.label}
                type="button"
                data-safe-choice={i === safeIndex(actions) ? '' : undefined}
                className={`nhsuk-button nhsuk-u-margin-bottom-0${action.secondary ? ' nhsuk-button--secondary' : ''}`}
                onClick={action.onClick}
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : (
          <button type="button" className="nhsuk-button nhsuk-button--secondary nhsuk-u-margin-bottom-0" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </dialog>
  );
}
