import { Footer } from 'nhsuk-react-components';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { DiscardRequestDialog } from '../flows/DiscardRequestDialog';
import { ErrorNotificationsProvider, NotificationList } from '../errors/ErrorNotifications';
import { APP_WIDGETS } from '../forms/widgets';
// Its own small entry, not renderer/index: the shell is in the first chunk, the renderer is not.
import { WidgetsProvider } from '../../renderer/ui/WidgetsProvider';
import { hashRouteTarget } from '../routing/routeTable';
import { ServiceOverrideProvider } from '../settings/serviceStatus';
import { useSettings } from '../settings/useSettings';
import { AccountMenu } from './AccountMenu';
import { MedicalDeviceInfo } from './MedicalDeviceInfo';
import { RouteChangeHandler } from './RouteChangeHandler';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';
import { UrgentWarning } from './UrgentWarning';
import './frame.css';

/** A hash-route URL (`/#/triage`) becomes a navigation to `/triage`. */
function HashRouteRedirect() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const target = hashRouteTarget(hash);
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}

/** Header, urgent-care warning and footer around every screen of the app (RootErrorPage draws its own plain page). */
function PageFrame({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const clinic = settings.clinic;
  const poweredBy = settings.patientApp.poweredBy;
  return (
    <>
      <SkipLink />
      <SiteHeader serviceName={clinic.name}>
        <AccountMenu />
      </SiteHeader>
      <UrgentWarning />
      <div className="nhsuk-width-container">
        <main className="nhsuk-main-wrapper" id="maincontent" tabIndex={-1}>
          {/* The design system's two-thirds column: lines stay readable on a wide screen. */}
          <div className="nhsuk-grid-row">
            <div className="nhsuk-grid-column-two-thirds">{children}</div>
          </div>
        </main>
      </div>
      <Footer>
        <Footer.Meta>
          <Footer.List>
            {clinic.privacyPolicyUrl ? <Footer.ListItem href={clinic.privacyPolicyUrl}>Privacy policy</Footer.ListItem> : null}
            {clinic.clinicUrl ? <Footer.ListItem href={clinic.clinicUrl}>Practice website</Footer.ListItem> : null}
            {poweredBy?.url ? (
              <Footer.ListItem href={poweredBy.url} data-testid="powered-by">
                {poweredBy.text ? `Powered by ${poweredBy.text.replace(/^Powered by\s+/i, '')}` : 'Powered by'}
              </Footer.ListItem>
            ) : null}
            <li className="nhsuk-footer__list-item">
              <MedicalDeviceInfo />
            </li>
          </Footer.List>
          <Footer.Copyright>{clinic.name}</Footer.Copyright>
        </Footer.Meta>
      </Footer>
    </>
  );
}

function ReadyGate({ children }: { children: ReactNode }) {
  const { ready } = useSettings();
  if (!ready) {
    return (
      <div className="nhsuk-width-container">
        <main className="nhsuk-main-wrapper" id="maincontent">
          <Loading message={LOADING_MESSAGES.initialising} />
        </main>
      </div>
    );
  }
  return children;
}

/**
 * The root route: providers (the app's own widgets for every form and questionnaire:
 * src/forms/widgets.tsx), the "Initialising" spinner until settings are in, then the frame.
 */
export function AppLayout() {
  return (
    <ReadyGate>
      <ServiceOverrideProvider>
        <ErrorNotificationsProvider>
          <WidgetsProvider widgets={APP_WIDGETS}>
            <HashRouteRedirect />
            <RouteChangeHandler />
            <PageFrame>
              <NotificationList />
              <Outlet />
              <DiscardRequestDialog />
            </PageFrame>
          </WidgetsProvider>
        </ErrorNotificationsProvider>
      </ServiceOverrideProvider>
    </ReadyGate>
  );
}
