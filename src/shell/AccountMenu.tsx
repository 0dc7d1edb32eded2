import { useState } from 'react';
import { Modal } from '../components/Modal';
import { useSettings } from '../settings/useSettings';
import { logout } from '../session/logout';
import { SiteHeaderAccountButton } from './SiteHeader';

/** The logged-in patient's menu: "My NHS login account" with name, settings and Logout. */
export function AccountMenu() {
  const { loggedIn, user, settings } = useSettings();
  const [open, setOpen] = useState(false);
  if (!loggedIn) return null;
  const name = [user?.given_name, user?.family_name].filter(Boolean).join(' ');
  const clusterUri = settings.shared.nhsLogin.clusterUri;
  return (
    <>
      <SiteHeaderAccountButton onClick={() => setOpen(true)}>My NHS login account</SiteHeaderAccountButton>
      <Modal open={open} title="My NHS login account" onClose={() => setOpen(false)}>
        <p data-testid="account-name">{name || 'Logged in with NHS login'}</p>
        <div className="app-button-row">
          {clusterUri ? (
            <a className="nhsuk-button nhsuk-button--secondary" href={`${clusterUri.replace(/\/$/, '')}/account`}>
              NHS login settings
            </a>
          ) : null}
          <button type="button" className="nhsuk-button" onClick={() => void logout(settings.clinic.tenantId)}>
            Logout
          </button>
        </div>
      </Modal>
    </>
  );
}
