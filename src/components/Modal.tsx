import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalAction {
  label: string;
  onClick: () => void;
  secondary?: boolean;
}

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons in place of the single Close button (e.g. Yes / No); Escape still closes. */
  actions?: ModalAction[];
}

/**
 * An accessible modal dialog on the native `<dialog>` element: showModal makes the rest of the
 * page inert, Escape closes it, it is labelled by its heading, and the browser returns focus
 * to the element that opened it when it closes.
 */
export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open) {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener.current instanceof HTMLElement) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog ref={ref} className="app-modal" aria-labelledby={headingId} onClose={onClose}>
      <div className="app-modal__content">
        <h2 id={headingId} className="nhsuk-heading-m">
          {title}
        </h2>
        {children}
        {actions ? (
          <div className="nhsuk-button-group">
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
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
