import type { RouteObject } from 'react-router-dom';
import NotFoundPage from './pages/NotFoundPage';
import RootErrorPage from './pages/RootErrorPage';
import { GatedRoute, lazyScreen } from './routing/GatedRoute';
import { HomeRedirect, ShortRedirectRoute } from './routing/Redirects';
import { APP_ROUTES, LEGACY_HOME_PATHS, SHORT_REDIRECTS } from './routing/routeTable';
import { AppLayout } from './shell/AppLayout';

/**
 * The document preview (/_preview) is a configurer's tool: registered in development (npm run dev)
 * and in the e2e build (vite build --mode e2e, which the e2e suite serves), never in the
 * production build. Vite replaces import.meta.env.DEV and MODE with constants, so in production
 * this is `[]` and Rollup drops the dynamic import with the page and its fixture chunks
 * (scripts/check-no-preview.mjs proves it on dist/).
 */
const PREVIEW_ROUTES: RouteObject[] =
  import.meta.env.DEV || import.meta.env.MODE === 'e2e'
    ? [{ path: '/_preview/:id?', lazy: () => import('./preview/PreviewPage').then((m) => ({ Component: m.PreviewPage })) }]
    : [];

/**
 * The staff previews: the server lets only signed-in staff reach any /practice page
 * (server/staff.ts) and serves the app for these two; the Forms page links to them.
 */
const PRACTICE_PREVIEW_ROUTES: RouteObject[] = [
  { path: '/practice/forms/preview/form/:id', lazy: () => import('./staff-preview/PracticeFormPreviewPage').then((m) => ({ Component: m.default })) },
  { path: '/practice/forms/preview/pathway/:id', lazy: () => import('./staff-preview/PracticePathwayPreviewPage').then((m) => ({ Component: m.default })) },
  // The document editor (CodeMirror loads with this page only).
  { path: '/practice/forms/edit/:kind/:id', lazy: () => import('./staff-editor/DocumentEditorPage').then((m) => ({ Component: m.default })) },
];

/** React Router's routes, built from the route table (src/routing/routeTable.ts). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RootErrorPage />,
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
