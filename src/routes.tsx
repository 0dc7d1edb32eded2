import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from './components/Loading';
import NotFoundPage from './pages/NotFoundPage';
import { GatedRoute, lazyScreen } from './routing/GatedRoute';
import { HomeRedirect, ShortRedirectRoute } from './routing/Redirects';
import { APP_ROUTES, LEGACY_HOME_PATHS, SHORT_REDIRECTS } from './routing/routeTable';
import { AppLayout } from './shell/AppLayout';
import { RootErrorBoundary } from './shell/RootErrorBoundary';

/** A page outside the route table, downloaded when it is opened. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Loading message={LOADING_MESSAGES.preparingInformation} />}>
      <Page />
    </Suspense>
  );
}

/**
 * The document preview (/_preview) is a configurer's tool: registered in development (npm run dev)
 * and in the e2e build (vite build --mode e2e, which the e2e suite serves), never in the
 * production build. Vite replaces import.meta.env.DEV and MODE with constants, so in production
 * this is `[]` and Rollup drops the dynamic import with the page and its fixture chunks
 * (scripts/check-no-preview.mjs proves it on dist/).
 */
const PREVIEW_ROUTES: RouteObject[] =
  import.meta.env.DEV || import.meta.env.MODE === 'e2e'
    ? [{ path: '/_preview/:id?', element: lazyPage(() => import('./preview/PreviewPage').then((m) => ({ default: m.PreviewPage }))) }]
    : [];

/**
 * The staff previews: the server lets only signed-in staff reach any /practice page
 * (server/staff.ts) and serves the app for these two; the Forms page links to them.
 */
const PRACTICE_PREVIEW_ROUTES: RouteObject[] = [
  { path: '/practice/forms/preview/form/:id', element: lazyPage(() => import('./staff-preview/PracticeFormPreviewPage')) },
  { path: '/practice/forms/preview/pathway/:id', element: lazyPage(() => import('./staff-preview/PracticePathwayPreviewPage')) },
  // The document editor (CodeMirror loads with this page only).
  { path: '/practice/forms/edit/:kind/:id', element: lazyPage(() => import('./staff-editor/DocumentEditorPage')) },
];

/** React Router's routes, built from the route table (src/routing/routeTable.ts). */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...APP_ROUTES.map((route) => ({ path: route.path, element: <GatedRoute route={route} screen={lazyScreen(route)} /> })),
      ...SHORT_REDIRECTS.map((redirect) => ({ path: redirect.from, element: <ShortRedirectRoute redirect={redirect} /> })),
      ...LEGACY_HOME_PATHS.map((path) => ({ path, element: <HomeRedirect /> })),
      ...PREVIEW_ROUTES,
      ...PRACTICE_PREVIEW_ROUTES,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's pages under whichever router draws them (src/routing/AppRouter.tsx in the browser,
 * StaticRouter on the server): React Router's declarative mode, without the data router's code.
 * A page that throws while drawing shows the root error page (RootErrorBoundary).
 */
export function AppRoutes() {
  return <RootErrorBoundary>{useRoutes(routes)}</RootErrorBoundary>;
}
