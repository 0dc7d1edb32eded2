import type { RouteObject } from 'react-router-dom';
import NotFoundPage from './pages/NotFoundPage';
import RootErrorPage from './pages/RootErrorPage';
import { GatedRoute, lazyScreen } from './routing/GatedRoute';
import { HomeRedirect, ShortRedirectRoute } from './routing/Redirects';
import { APP_ROUTES, LEGACY_HOME_PATHS, SHORT_REDIRECTS } from './routing/routeTable';
import { AppLayout } from './shell/AppLayout';

/** React Router's routes, built from the route table (src/routing/routeTable.ts). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RootErrorPage />,
    children: [
      ...APP_ROUTES.map((route) => ({ path: route.path, element: <GatedRoute route={route} screen={lazyScreen(route)} /> })),
      ...SHORT_REDIRECTS.map((redirect) => ({ path: redirect.from, element: <ShortRedirectRoute redirect={redirect} /> })),
      ...LEGACY_HOME_PATHS.map((path) => ({ path, element: <HomeRedirect /> })),
      { path: '/_preview/:id?', lazy: () => import('./preview/PreviewPage').then((m) => ({ Component: m.PreviewPage })) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
