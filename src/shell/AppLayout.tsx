import { Footer, Header, SkipLink } from 'nhsuk-react-components';
import { Outlet } from 'react-router-dom';
import { useClinic } from '../api/settings';
import { UrgentWarning } from './UrgentWarning';

/** Header, urgent-care warning and footer around every screen. */
export function AppLayout() {
  const { data: clinic } = useClinic();
  return (
    <>
      <SkipLink href="#maincontent">Skip to main content</SkipLink>
      <Header service={{ text: clinic?.name ?? 'Your GP practice', href: '/' }} />
      <div className="nhsuk-width-container">
        <main className="nhsuk-main-wrapper" id="maincontent" tabIndex={-1}>
          <Outlet />
          <UrgentWarning />
        </main>
      </div>
      <Footer>
        <Footer.Meta>
          <Footer.List>
            {clinic?.privacyPolicyUrl ? (
              <Footer.ListItem href={clinic.privacyPolicyUrl}>Privacy policy</Footer.ListItem>
            ) : null}
            {clinic?.clinicUrl ? <Footer.ListItem href={clinic.clinicUrl}>Practice website</Footer.ListItem> : null}
          </Footer.List>
          <Footer.Copyright>{clinic?.name ?? 'Your GP practice'}</Footer.Copyright>
        </Footer.Meta>
      </Footer>
    </>
  );
}
