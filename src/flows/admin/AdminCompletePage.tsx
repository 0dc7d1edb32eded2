import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../shell/usePageTitle';
import { endJourney } from '../emergencyCheck';
import { useFlowState } from '../flowState';
import { clearAdminFlow } from './adminFlow';
import { adminReceipt } from './receipt';
import { DEFAULT_REPLY } from '../../../common';

/**
 * /admin-request/complete: the confirmation with its receipt (README "Admin requests"): a short
 * reference the practice finds in its inbox, how the practice will reply, and what was sent,
 * printable. Opened without a request having been sent in this tab, it says so and claims nothing.
 */
export const NO_RECEIPT_TITLE = 'Your request details are not shown here';

export default function AdminCompletePage() {
  const { receipt } = useFlowState(adminReceipt);
  usePageTitle(receipt ? 'Request sent' : NO_RECEIPT_TITLE);
  // Sent: forget every answer and the patient's details (sessionStorage); the journey ends.
  useEffect(() => {
    if (!receipt) return;
    clearAdminFlow();
    endJourney();
  }, [receipt]);

  if (!receipt) {
    // sessionStorage is per tab: a request sent in another tab (or before the tab was closed) has
    // no receipt here. The page cannot tell whether one was sent, so it must not say that none was
    // (that invited a duplicate): it says where the confirmation is, and not to send it again.
    return (
      <>
        <h1>{NO_RECEIPT_TITLE}</h1>
        <p>The details of a request are shown only in the browser tab it was sent from.</p>
        <p>
          If you sent a request in another tab or window, the practice has it and we have sent you a confirmation. Please do not send it again. If you are not
          sure whether it was sent, contact the practice.
        </p>
        <p>
          <Link to="/admin-request">Start a new admin request</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <div className="nhsuk-panel app-panel--confirmation">
        <h1 className="nhsuk-panel__title">Your administrative request has been sent.</h1>
        <div className="nhsuk-panel__body">
          Your reference is
          <br />
          <strong data-testid="receipt-reference">{receipt.reference}</strong>
        </div>
      </div>
      <h2 className="nhsuk-heading-m">What happens next</h2>
      {/* The form's own reply time (its document's menu.reply), as the confirmation email says it. */}
      <p data-testid="receipt-reply-time">{receipt.replyTime ?? DEFAULT_REPLY.long}</p>
      <p data-testid="receipt-reply">{receipt.reply}</p>
      <p>If you contact the practice about this request, give them your reference.</p>
      <h2 className="nhsuk-heading-m">What you sent</h2>
      <dl className="nhsuk-summary-list" data-testid="receipt-summary">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Request</dt>
          <dd className="nhsuk-summary-list__value">{receipt.formLabel}</dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Sent</dt>
          <dd className="nhsuk-summary-list__value">{new Date(receipt.receivedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
        {receipt.summary.map((row) => (
          <div className="nhsuk-summary-list__row" key={row.question}>
            <dt className="nhsuk-summary-list__key">{row.question}</dt>
            <dd className="nhsuk-summary-list__value">{row.answer}</dd>
          </div>
        ))}
      </dl>
      <p className="app-no-print">
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => window.print()}>
          Print this page
        </button>
      </p>
      <p className="app-no-print">
        <Link to="/">Go back to the online services menu</Link>
      </p>
    </>
  );
}
