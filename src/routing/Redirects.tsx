import { Navigate, useLocation } from 'react-router-dom';
import NotFoundPage from '../pages/NotFoundPage';
import { useSettings } from '../settings/useSettings';
import { isGateOpen } from './gating';
import type { ShortRedirect } from './routeTable';

/** A short redirect (/d/b …): goes on, with the query string, only when its feature is on. */
export function ShortRedirectRoute({ redirect }: { redirect: ShortRedirect }) {
  const { search } = useLocation();
  const { features } = useSettings();
  if (!isGateOpen(redirect.gate, features)) return <NotFoundPage />;
  return <Navigate to={`${redirect.to}${search}`} replace />;
}

/** An old path that now goes home, keeping the query string. */
export function HomeRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/${search}`} replace />;
}
