import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Modal } from '../components/Modal';
import { DISCARD_REQUEST, usePendingDiscard } from './leaveFlow';

/**
 * The one "Discard your request?" dialog (rendered once in the layout) that Cancel opens on
 * every step holding answers (`confirmDiscard` in leaveFlow.ts). It opens focused on the safe
 * choice; "No" (or Escape) closes it and focus goes back to Cancel, with the page as it was.
 */
export function DiscardRequestDialog() {
  const { pending, confirm, dismiss } = usePendingDiscard();
  const { key } = useLocation();
  // A question left open must not survive a move to another page (browser Back while it shows).
  useEffect(() => dismiss, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal
      open={pending}
      title={DISCARD_REQUEST.title}
      onClose={dismiss}
      actions={[
        { label: DISCARD_REQUEST.yes, onClick: confirm },
        { label: DISCARD_REQUEST.no, secondary: true, safe: true, onClick: dismiss },
      ]}
    >
      <p>{DISCARD_REQUEST.body}</p>
    </Modal>
  );
}
