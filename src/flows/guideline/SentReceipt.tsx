// What a sent medical or child request's confirmation says besides its heading: the
// reference the practice stored it under, what was sent, and how the practice will reply — as
// the admin receipt and the confirmation email do.
import type { SentReceiptInfo } from './journey';

export function SentReference({ receipt }: { receipt: SentReceiptInfo | undefined }) {
  if (!receipt) return null;
  return (
    <div className="nhsuk-panel__body">
      Your reference is
      <br />
      <strong data-testid="sent-reference">{receipt.reference}</strong>
    </div>
  );
}

export function SentDetails({ receipt }: { receipt: SentReceiptInfo | undefined }) {
  if (!receipt) return null;
  return (
    <>
      <p data-testid="sent-reply">{receipt.reply}</p>
      <p>If you contact the practice about this request, give them your reference.</p>
      <h2 className="nhsuk-heading-m">What you sent</h2>
      <dl className="nhsuk-summary-list" data-testid="sent-summary">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Request</dt>
          <dd className="nhsuk-summary-list__value">{receipt.what}</dd>
        </div>
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Sent</dt>
          <dd className="nhsuk-summary-list__value">{new Date(receipt.receivedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
      </dl>
    </>
  );
}
