import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { prefetchOpeningForm } from './forms/earlyForms';
import { routes } from './routes';
import { preloadScreen } from './routing/GatedRoute';
import { primeSettings, type StartData } from './settings/useSettings';
import './styles/app.scss';

// NHS.UK frontend's components check for this class, which its page template sets with an
// inline script; our CSP forbids inline scripts and a module script only runs where the
// frontend is supported, so it is set here.
document.body.classList.add('nhsuk-frontend-supported');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const router = createBrowserRouter(routes);

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
// modulepreloaded), the first render draws it; a larger screen still downloading shows inside the
// frame when it arrives (hydration keeps the server's HTML of it until then).
// README.md "Serving and speed on a phone".
const screen = preloadScreen(window.location.pathname);
// A form page's document is asked for now too (src/forms/earlyForms.ts).
prefetchOpeningForm(window.location);
const settings = primeSettings(embedded);
const settingsThenOneTask = settings.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
void Promise.race([Promise.all([settings, screen]), settingsThenOneTask]).then(() => {
  // swr hydrates from `fallback` (its cache as it was before any write, as on the server), so
  // the hydrating render draws what the server drew with the same answers.
  const app = (
    <StrictMode>
      <SWRConfig value={{ fallback: embedded ?? {} }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </StrictMode>
  );
  // Server-drawn HTML is hydrated (kept, made live); otherwise the app draws the page.
  if (embedded) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
