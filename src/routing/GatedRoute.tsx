import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import NotFoundPage from '../pages/NotFoundPage';
import { ClosedHomeStatement } from '../pages/ClosedHomeStatement';
import { useRouteTitle } from '../shell/usePageTitle';
import { useSettings } from '../settings/useSettings';
import { isGateOpen } from './gating';
import { Navigate, useLocation } from 'react-router-dom';
import { emergencyCheck, emergencyCheckPath } from '../flows/emergencyCheck';
import { useFlowState } from '../flows/flowState';
import { routeForPath, type AppRoute } from './routeTable';
import { useHydrated } from './useHydrated';
import { serviceOpen } from '../../common';

// The closed screen loads only when a route meets a closed service.
const ServiceClosedScreen = lazy(() => import('../pages/ServiceClosedPage').then((m) => ({ default: m.ServiceClosedScreen })));

type ScreenModule = { default: ComponentType };

/** Screens whose module has been downloaded, by route-table row. */
const loadedScreens = new Map<AppRoute, ScreenModule>();

function loadScreen(route: AppRoute): Promise<ScreenModule> {
  return route.load().then((module) => {
    loadedScreens.set(route, module);
    return module;
  });
}

/**
 * Starts downloading the screen of the page being opened (main.tsx, before the first render), so
 * it arrives beside the settings calls instead of after them. README.md "Serving and speed on a phone".
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const route = routeForPath(pathname);
  // A failed download is left to the route, which loads its screen again and shows the error page.
  if (route) await loadScreen(route).catch(() => undefined);
}

/**
 * The lazily loaded screen of each route-table row, made once. A screen already downloaded is
 * handed to React.lazy synchronously (a thenable that calls back at once), so React renders it
 * straight away instead of committing the Suspense fallback for a frame first.
 */
export function lazyScreen(route: AppRoute): LazyExoticComponent<ComponentType> {
  return lazy(() => {
    const loaded = loadedScreens.get(route);
    if (!loaded) return loadScreen(route);
    // React.lazy reads a thenable that has called back by the time then() returns as already loaded.
    const settled = {
      then(onLoaded: (module: ScreenModule) => unknown) {
        onLoaded(loaded);
      },
    };
    return settled as unknown as Promise<ScreenModule>;
  });
}

function Titled({ pageName, children }: { pageName: string; children: React.ReactNode }) {
  // A layout effect runs before the screen's own effects, so a screen (or a step inside it)
  // that names itself with usePageTitle wins over the route's page name.
  useRouteTitle(pageName);
  return children;
}

/**
 * Sends a patient who has not passed the emergency symptoms screen in this journey there first
 * (then back here). Passing is kept in sessionStorage, which the server cannot read: the server
 * draws the page itself (with the urgent-care warning, as every page), and the browser sends a
 * patient who has not passed on once the page is hydrated (useHydrated), so hydration matches.
 */
function EmergencyCheckGate({ active, children }: { active: boolean; children: React.ReactNode }) {
  const { passed } = useFlowState(emergencyCheck);
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  if (!active || passed || !hydrated) return children;
  return <Navigate to={emergencyCheckPath(pathname + search)} replace />;
}

/** One row of the route table: its title, its feature gate and its lazily loaded screen. */
export function GatedRoute({ route, screen: Screen }: { route: AppRoute; screen: LazyExoticComponent<ComponentType> }) {
  const { features, settings } = useSettings();
  if (!isGateOpen(route.gate, features)) {
    if (route.whenClosed === 'closedStatement') {
      return (
        <Titled pageName={route.pageName}>
          <ClosedHomeStatement />
        </Titled>
      );
    }
    return <NotFoundPage />;
  }
  // Closed means closed: a page that starts a request shows the closed screen while its service is
  // closed, before the emergency check or any question (the practice's state, as the home cards read it).
  if (route.service && !serviceOpen(route.service, { state: settings.operationalState }).open) {
    return (
      <Titled pageName="Service unavailable">
        <Suspense fallback={<Loading message={LOADING_MESSAGES.preparingInformation} />}>
          <ServiceClosedScreen kind={route.service} />
        </Suspense>
      </Titled>
    );
  }
  return (
    <Titled pageName={route.pageName}>
      <EmergencyCheckGate active={route.emergencyCheck === true}>
        <Suspense fallback={<Loading message={LOADING_MESSAGES.preparingInformation} />}>
          <Screen />
        </Suspense>
      </EmergencyCheckGate>
    </Titled>
  );
}
