import { useLocation } from 'react-router-dom';
import { authorizeUrl } from '../../api/index';
import { allowLeaving } from '../../shell/useLeaveGuard';

interface LoginChoiceStepProps {
  tenantId?: string;
  onDecline: () => void;
  /** Cancel: leave the flow (the step's Back is the back link above it). */
  onCancel: () => void;
}

/** "Do you want to use NHS login?": NHS login comes back to this page, or the patient goes on without it. */
export function LoginChoiceStep({ tenantId, onDecline, onCancel }: LoginChoiceStepProps) {
  // The router's location, not window's: the server draws this step too (src/entry-server.tsx).
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <>
      <h1>Do you want to use NHS login?</h1>
      <p>If you have an NHS login, your practice can find your record without asking for your details.</p>
      <a className="nhsuk-button" href={authorizeUrl(here, here, tenantId)} onClick={allowLeaving}>
        Continue to NHS login
      </a>
      <div>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onDecline}>
          Continue without logging in
        </button>
      </div>
      <div>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
