import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { preloadScreen } from './routing/GatedRoute';
import './styles/app.scss';

// NHS.UK frontend's components check for this class, which its page template sets with an
// inline script; our CSP forbids inline scripts and a module script only runs where the
// frontend is supported, so it is set here.
document.body.classList.add('nhsuk-frontend-supported');

preloadScreen(window.location.pathname);
const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
