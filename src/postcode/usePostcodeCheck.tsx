import { useCallback, useRef, useState } from 'react';
import { postcodeExists } from '../api/index';
import { Modal } from '../components/Modal';
import { useApiCall } from '../errors/ErrorNotifications';

export interface PostcodeQuestion {
  open: boolean;
  onYes: () => void;
  onNo: () => void;
  /** Where focus goes when the question closes: the postcode field after No (the modal outcome pattern). */
  returnFocusTo: () => HTMLElement | null;
}

export interface PostcodeCheck {
  /**
   * Checks a postcode with the practice. Resolves true when it is known (go on now). An unknown
   * postcode, or a failed check, resolves false and asks "Postcode not found"; Yes then calls
   * `onYes` (No closes the question and the patient stays where they are).
   */
  check: (postcode: string, onYes: () => void, onNo?: () => void) => Promise<boolean>;
  /** The same check as one promise: true when known or after Yes, false after No. */
  confirm: (postcode: string) => Promise<boolean>;
  /** Props of <PostcodeNotFoundModal>. */
  question: PostcodeQuestion;
}

/**
 * The postcode check of the patient-details step and of the admin forms that ask for a postcode.
 * `fieldId` is the id of the postcode field checked: after No (or Escape) focus goes back to it,
 * so the patient can fix it (docs/architecture.md, "Page changes", the modal outcome pattern).
 */
export function usePostcodeCheck(fieldId: string): PostcodeCheck {
  const call = useApiCall();
  const [open, setOpen] = useState(false);
  const answer = useRef<{ yes: () => void; no: () => void }>(undefined);
  const wentOn = useRef(true);

  const check = useCallback(
    async (postcode: string, onYes: () => void, onNo: () => void = () => undefined): Promise<boolean> => {
      // A failed check is treated as "not found": the patient may still go on (no popup).
      const exists = await call(() => postcodeExists(postcode), { handleErrors: false }).catch(() => false);
      if (exists) return true;
      answer.current = { yes: onYes, no: onNo };
      setOpen(true);
      return false;
    },
    [call],
  );

  const confirm = useCallback(
    (postcode: string) =>
      new Promise<boolean>((resolve) => {
        void check(
          postcode,
          () => resolve(true),
          () => resolve(false),
        ).then((known) => known && resolve(true));
      }),
    [check],
  );

  const reply = useCallback((goOn: boolean) => {
    wentOn.current = goOn;
    setOpen(false);
    const pending = answer.current;
    answer.current = undefined;
    if (goOn) pending?.yes();
    else pending?.no();
  }, []);

  const returnFocusTo = useCallback(() => (wentOn.current ? null : document.getElementById(fieldId)), [fieldId]);

  return { check, confirm, question: { open, onYes: () => reply(true), onNo: () => reply(false), returnFocusTo } };
}

/** "Postcode not found": Yes goes on with the postcode as typed, No (or Escape) goes back to it. */
export function PostcodeNotFoundModal({ open, onYes, onNo, returnFocusTo }: PostcodeQuestion) {
  return (
    <Modal
      open={open}
      title="Postcode not found"
      onClose={onNo}
      returnFocusTo={returnFocusTo}
      actions={[
        { label: 'Yes', onClick: onYes },
        { label: 'No', secondary: true, onClick: onNo },
      ]}
    >
      <p>This may be a new postcode. Pick Yes to continue if you&apos;re sure it&apos;s right.</p>
    </Modal>
  );
}
