import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
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

// The first render waits for the settings and for the opened page's screen (both already under
// way: index.html preloads them), so it draws that page at once rather than a spinner, then the
// frame, then the page; until then index.html's own "Initialising" shows. README.md "Serving and
// speed on a phone".
void Promise.all([primeSettings(), preloadScreen(window.location.pathname)]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
