import type { ComponentType } from 'react';
import type { Gate } from './gating';

/**
 * The route table (README "The patient app") as data. Only routes whose screens exist are
 * listed: a later task adds its rows here (path, page name for the title, gate of
 * section 6, lazy screen). Page names make the title "Your GP practice - {page name}".
 */
export interface AppRoute {
  path: string;
  pageName: string;
  gate: Gate;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * What a closed gate shows: the 404 page (default), or for home the short statement of
   * link-generator-only mode.
   */
  whenClosed?: 'notFound' | 'closedStatement';
  /** A page of a medical, admin or self-help journey: the emergency symptoms screen comes first, once per journey. */
  emergencyCheck?: boolean;
}

export const HOME_PAGE_NAME = 'Online services';

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', pageName: HOME_PAGE_NAME, gate: 'triage', whenClosed: 'closedStatement', load: () => import('../pages/HomePage') },
  { path: '/emergency-symptoms', pageName: 'Emergency symptoms', gate: 'triageOrEligibility', load: () => import('../pages/EmergencySymptomsPage') },
  { path: '/triage/service-closed', pageName: 'Service unavailable', gate: 'triage', load: () => import('../pages/ServiceClosedPage') },
  { path: '/triage/emergency-signpost', pageName: 'Get urgent help', gate: 'triageOrEligibility', load: () => import('../pages/EmergencySignpostPage') },
  { path: '/logged-out', pageName: 'You are logged out', gate: 'always', load: () => import('../pages/LoggedOutPage') },
  { path: '/error', pageName: 'Something went wrong', gate: 'always', load: () => import('../pages/ErrorSignpostPage') },
  { path: '/appointment/not-accessible', pageName: 'Link problem', gate: 'always', load: () => import('../pages/NotAccessiblePage') },
  // Admin requests: menu, form page, complete (README "Admin requests").
  { path: '/admin-request', emergencyCheck: true, pageName: 'I need admin help', gate: 'triage', load: () => import('../flows/admin/AdminMenuPage') },
  { path: '/admin-request/patient-details', emergencyCheck: true, pageName: 'Your details', gate: 'triage', load: () => import('../flows/admin/AdminPatientDetailsPage') },
  { path: '/admin-request/form', emergencyCheck: true, pageName: 'Admin request', gate: 'triage', load: () => import('../flows/admin/AdminFormPage') },
  { path: '/admin-request/complete', pageName: 'Request sent', gate: 'triage', load: () => import('../flows/admin/AdminCompletePage') },
  { path: '/add-contact-details', emergencyCheck: true, pageName: 'Before we send your request', gate: 'triage', load: () => import('../flows/admin/AddContactDetailsPage') },
  { path: '/change-of-contact-details', emergencyCheck: true, pageName: 'Change your contact details', gate: 'triage', load: () => import('../flows/admin/ChangeOfContactDetailsPage') },
];

export const NOT_FOUND_PAGE_NAME = 'Page not found';

/** Short redirects (README "The patient app"); the query string (e.g. lid) is kept. */
export interface ShortRedirect {
  from: string;
  to: string;
  gate: Gate;
}

export const SHORT_REDIRECTS: readonly ShortRedirect[] = [
  { from: '/d/b', to: '/direct-booking', gate: 'directBooking' },
  { from: '/e/b', to: '/eligibility/booking', gate: 'eligibility' },
  { from: '/s/b', to: '/self-booking', gate: 'always' },
  { from: '/a/d', to: '/appointment/details', gate: 'always' },
];

/** Old paths that go to home. */
export const LEGACY_HOME_PATHS: readonly string[] = ['/public/client/patient', '/public/client/patient/'];

/**
 * A hash-route URL such as `/#/triage?x=1` becomes the path `/triage?x=1`; any other hash
 * (e.g. the skip link's `#maincontent`) is not a route and gives null.
 */
export function hashRouteTarget(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const target = hash.slice(1);
  // Never leave the origin: `#//evil.example` would be protocol-relative.
  if (target.startsWith('//')) return null;
  return target;
}
