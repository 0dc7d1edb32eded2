// @vitest-environment jsdom
// The native <dialog> fires `close` a task after dialog.close(): a patient who opens the dialog
// again before that (Cancel straight after "No, go back to my request") must keep it open. The
// late event used to close the dialog just reopened, so the second Cancel seemed to do nothing
// (the intermittent e2e failure of "Cancel on booking after a questionnaire").
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from '../../../../src/components/Modal';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel
      </button>
      <Modal
        open={open}
        title="Discard your request?"
        onClose={() => setOpen(false)}
        actions={[{ label: 'No, go back to my request', secondary: true, onClick: () => setOpen(false) }]}
      >
        <p>Your answers will be deleted.</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('a close event that arrives after the dialog was opened again leaves it open', () => {
    const { getByRole, container } = render(<Harness />);
    const dialog = container.querySelector('dialog')!;
    fireEvent.click(getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(true);
    fireEvent.click(getByRole('button', { name: 'No, go back to my request', hidden: true }));
    expect(dialog.open).toBe(false);
    // Cancel again before the browser's queued `close` event of the first close is dispatched…
    fireEvent.click(getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(true);
    // …then that late event arrives: the dialog stays open.
    fireEvent(dialog, new Event('close'));
    expect(dialog.open).toBe(true);
  });

  it('a close the patient made (Escape: the dialog is closed when the event fires) closes it', () => {
    const { getByRole, container } = render(<Harness />);
    const dialog = container.querySelector('dialog')!;
    fireEvent.click(getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(true);
    // Escape: the browser closes the dialog, then fires `close`.
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    // The state followed: Cancel opens it again (it would not, were the state still open).
    fireEvent.click(getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(true);
  });
});
