import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { prefetchOpeningForm } from './forms/earlyForms';
import { AppRoutes } from './routes';
import { AppRouter } from './routing/AppRouter';
import { preloadScreen } from './routing/GatedRoute';
import { DeferredSettingsLoader } from './settings/deferredSettings';
import { primeSettings, type StartData } from './settings/useSettings';
import { applyWholeStyleSheet } from './shell/wholeStyleSheet';
import './styles/app.scss';

// A drawn page's whole style sheet comes in held back (server/criticalCss.ts): switched on as it
// arrives, and before anything below changes the page.
const wholeStyleSheet = applyWholeStyleSheet().then(() => {
  // NHS.UK frontend's components check for this class, which its page template sets with an
  // inline script; our CSP forbids inline scripts and a module script only runs where the
  // frontend is supported, so it is set here (its rules are in the whole sheet, not the inline ones).
  document.body.classList.add('nhsuk-frontend-supported');
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * The answers the server drew the page with (server/appPage.ts): a JSON block, not a script, so
 * the CSP's script-src 'self' stands. Present only when the server drew the page; a block that
 * does not parse is ignored (the app asks for the settings itself).
 */
function startData(): StartData | undefined {
  const block = document.getElementById('app-data');
  if (!block?.textContent) return undefined;
  try {
    const data: unknown = JSON.parse(block.textContent);
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as StartData) : undefined;
  } catch {
    return undefined;
  }
}
const embedded = startData();

// The first render waits for the settings (index.html preloads them, or the server's page carries
// them), so it draws the page at once rather than a spinner, then the frame, then the page; until
// then the server's HTML (or index.html's own "Initialising") shows. The opened page's screen
// starts downloading now too: if it is in by the time the settings are (home's is
// modulepreloaded), the first render draws it; in a page the browser draws, a larger screen still
// downloading shows inside the frame when it arrives.
// README.md "Serving and speed on a phone".
const screen = preloadScreen(window.location.pathname);
// A form page's document is asked for now too (src/forms/earlyForms.ts).
prefetchOpeningForm(window.location);
const settings = primeSettings(embedded);
const settingsThenOneTask = settings.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
// Server-drawn HTML is hydrated only once the opened screen's code is in (the HTML is on screen
// meanwhile). Hydrated before it, the screen's Suspense boundary stayed server HTML awaiting its
// code, and the first update from above it after hydration made React give that HTML up for the
// boundary's fallback, a one-line spinner, until the code came: the footer jumped up the page and
// back down (bench:web's layout-shift trace, CLS 0.54 on the admin menu, 0.36 on the search page).
const firstRender = embedded
  ? Promise.all([settings, screen, wholeStyleSheet])
  : Promise.race([Promise.all([settings, screen, wholeStyleSheet]), settingsThenOneTask.then(() => wholeStyleSheet)]);
void firstRender.then(() => {
  // swr hydrates from `fallback` (its cache as it was before any write, as on the server), so
  // the hydrating render draws what the server drew with the same answers.
  const app = (
    <StrictMode>
      <SWRConfig value={{ fallback: embedded ?? {} }}>
        <AppRouter>
          <AppRoutes />
          <DeferredSettingsLoader />
        </AppRouter>
      </SWRConfig>
    </StrictMode>
  );
  // Server-drawn HTML is hydrated (kept, made live); otherwise the app draws the page.
  if (embedded) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
