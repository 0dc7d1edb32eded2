import { Footer } from 'nhsuk-react-components';
import { useEffect } from 'react';
import { SiteHeader } from '../shell/SiteHeader';
import { SkipLink } from '../shell/SkipLink';
import { UrgentWarning } from '../shell/UrgentWarning';
import { pageTitle } from '../shell/usePageTitle';

/**
 * The root error page (src/shell/RootErrorBoundary.tsx draws it): a calm NHS page instead of React
 * Router's default, whose inline styles break our CSP. It depends on nothing that could
 * itself have failed (no settings, no providers). The frame's own skip link, not
 * nhsuk-react-components' (which brought its script's chunks into the first download).
 */
export default function RootErrorPage() {
  useEffect(() => {
    document.title = pageTitle('Something went wrong');
  }, []);
  return (
    <>
      <SkipLink />
      <SiteHeader serviceName="Your GP practice" />
      <div className="nhsuk-width-container">
        <main className="nhsuk-main-wrapper" id="maincontent" tabIndex={-1}>
          <h1>Something went wrong</h1>
          <p>Sorry, there is a problem with this page.</p>
          <p>Please refresh the page. If this does not work, please check your internet connection and re-try.</p>
          <p>
            <a href="/">Go back to the start</a>
          </p>
          <UrgentWarning />
        </main>
      </div>
      <Footer>
        <Footer.Meta>
          <Footer.Copyright>Your GP practice</Footer.Copyright>
        </Footer.Meta>
      </Footer>
    </>
  );
}
