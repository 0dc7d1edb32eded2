import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { prefetchOpeningForm } from './forms/earlyForms';
import { routes } from './routes';
import { preloadScreen } from './routing/GatedRoute';
import { primeSettings } from './settings/useSettings';
import './styles/app.scss';

// NHS.UK frontend's components check for this class, which its page template sets with an
// inline script; our CSP forbids inline scripts and a module script only runs where the
// frontend is supported, so it is set here.
document.body.classList.add('nhsuk-frontend-supported');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const router = createBrowserRouter(routes);

// The first render waits for the settings (index.html preloads them), so it draws the page at
// once rather than a spinner, then the frame, then the page; until then index.html's own
// "Initialising" shows. The opened page's screen starts downloading now too: if it is in by the
// time the settings are (home's is modulepreloaded), the first render draws it; a larger screen
// still downloading shows inside the frame when it arrives. README.md "Serving and speed on a phone".
const screen = preloadScreen(window.location.pathname);
// A form page's document is asked for now too (src/forms/earlyForms.ts).
prefetchOpeningForm(window.location);
const settings = primeSettings();
const settingsThenOneTask = settings.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
void Promise.race([Promise.all([settings, screen]), settingsThenOneTask]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
