import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import NotFoundPage from '../pages/NotFoundPage';
import { ClosedHomeStatement } from '../pages/ClosedHomeStatement';
import { useRouteTitle } from '../shell/usePageTitle';
import { useSettings } from '../settings/useSettings';
import { isGateOpen } from './gating';
import { Navigate, useLocation } from 'react-router-dom';
import { emergencyCheck, emergencyCheckPath } from '../flows/emergencyCheck';
import { useFlowStore } from '../flows/sessionFlowStore';
import type { AppRoute } from './routeTable';

/** The lazily loaded screen of each route-table row, made once. */
export function lazyScreen(route: AppRoute): LazyExoticComponent<ComponentType> {
  return lazy(route.load);
}

function Titled({ pageName, children }: { pageName: string; children: React.ReactNode }) {
  // A layout effect runs before the screen's own effects, so a screen (or a step inside it)
  // that names itself with usePageTitle wins over the route's page name.
  useRouteTitle(pageName);
  return children;
}

/** Sends a patient who has not passed the emergency symptoms screen in this journey there first (then back here). */
function EmergencyCheckGate({ active, children }: { active: boolean; children: React.ReactNode }) {
  const { passed } = useFlowStore(emergencyCheck);
  const { pathname, search } = useLocation();
  if (!active || passed) return children;
  return <Navigate to={emergencyCheckPath(pathname + search)} replace />;
}

/** One row of the route table: its title, its feature gate and its lazily loaded screen. */
export function GatedRoute({ route, screen: Screen }: { route: AppRoute; screen: LazyExoticComponent<ComponentType> }) {
  const { features } = useSettings();
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
