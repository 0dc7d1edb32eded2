import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { Gate } from './gating';
import type { RequestKind } from '../../common';

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
  /**
   * A page that starts (or, for a child, leads up to) a request of this kind: while the service
   * behind it is closed (common/serviceOpen.ts), the page is the closed screen instead.
   */
  service?: RequestKind;
}

const HOME_PAGE_NAME = 'Online services';

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', pageName: HOME_PAGE_NAME, gate: 'triage', whenClosed: 'closedStatement', load: () => import('../pages/HomePage') },
  { path: '/emergency-symptoms', pageName: 'Emergency symptoms', gate: 'triageOrEligibility', load: () => import('../pages/EmergencySymptomsPage') },
  { path: '/triage/service-closed', pageName: 'Service unavailable', gate: 'triage', load: () => import('../pages/ServiceClosedPage') },
  { path: '/triage/emergency-signpost', pageName: 'Get urgent help', gate: 'triageOrEligibility', load: () => import('../pages/EmergencySignpostPage') },
  { path: '/logged-out', pageName: 'You are logged out', gate: 'always', load: () => import('../pages/LoggedOutPage') },
  { path: '/error', pageName: 'Something went wrong', gate: 'always', load: () => import('../pages/ErrorSignpostPage') },
  { path: '/appointment/not-accessible', pageName: 'Link problem', gate: 'always', load: () => import('../pages/NotAccessiblePage') },
  // Medical request (triage): search, patient details, questionnaire, patient context, complete, thank-you.
  {
    path: '/triage',
    service: 'adult',
    emergencyCheck: true,
    pageName: 'What do you need help with?',
    gate: 'triage',
    load: () => import('../flows/triage/TriageSearchPage'),
  },
  {
    path: '/triage/patient-details',
    emergencyCheck: true,
    pageName: 'Your details',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/TriagePatientDetailsPage'),
  },
  {
    path: '/triage/questionnaire',
    emergencyCheck: true,
    pageName: 'Questionnaire',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/QuestionnairePage'),
  },
  { path: '/triage/results', emergencyCheck: true, pageName: 'Results', gate: 'triageOrEligibility', load: () => import('../flows/triage/TriageResultsPage') },
  {
    path: '/triage/your-own-words',
    emergencyCheck: true,
    pageName: 'In your own words',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/YourOwnWordsPage'),
  },
  {
    path: '/triage/complete',
    emergencyCheck: true,
    pageName: 'Send your request?',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/TriageCompletePage'),
  },
  // Endings by tier (common/endings.ts): each tier's own screen after the questions.
  { path: '/triage/get-help-now', pageName: 'Get help now', gate: 'triageOrEligibility', load: () => import('../flows/triage/endings/EmergencyNowPage') },
  { path: '/triage/urgent-today', pageName: 'Speak to a GP today', gate: 'triageOrEligibility', load: () => import('../flows/triage/endings/UrgentTodayPage') },
  { path: '/triage/pharmacy', pageName: 'A pharmacist can help', gate: 'triageOrEligibility', load: () => import('../flows/triage/endings/PharmacyPage') },
  { path: '/triage/self-care', pageName: 'Look after this at home', gate: 'triageOrEligibility', load: () => import('../flows/triage/endings/SelfCarePage') },
  { path: '/triage/advice-given', pageName: 'Your advice', gate: 'triageOrEligibility', load: () => import('../flows/triage/endings/AdviceGivenPage') },
  { path: '/triage/thank-you', pageName: 'Request sent', gate: 'triageOrEligibility', load: () => import('../flows/triage/TriageThankYouPage') },
  // Safety-netting after an urgent result (src/flows/triage/safety).
  {
    path: '/triage/emergency-questions',
    pageName: 'Are you safe to wait for GP care?',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/safety/EmergencyQuestionsPage'),
  },
  {
    path: '/triage/submit-emergency',
    pageName: 'You may need A&E',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/safety/SubmitEmergencyPage'),
  },
  {
    path: '/triage/emergency-confirmed',
    pageName: 'Go to A&E or call 999',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/safety/EmergencyConfirmedPage'),
  },
  {
    path: '/triage/emergency-override',
    pageName: 'Why it is safe to wait',
    gate: 'triageOrEligibility',
    load: () => import('../flows/triage/safety/EmergencyOverridePage'),
  },
  // Admin requests: menu, form page, complete (README "Admin requests").
  {
    path: '/admin-request',
    service: 'admin',
    emergencyCheck: true,
    pageName: 'I need admin help',
    gate: 'triage',
    load: () => import('../flows/admin/AdminMenuPage'),
  },
  {
    path: '/admin-request/patient-details',
    emergencyCheck: true,
    pageName: 'Your details',
    gate: 'triage',
    load: () => import('../flows/admin/AdminPatientDetailsPage'),
  },
  {
    path: '/admin-request/form',
    service: 'admin',
    emergencyCheck: true,
    pageName: 'Admin request',
    gate: 'triage',
    load: () => import('../flows/admin/AdminFormPage'),
  },
  { path: '/admin-request/complete', pageName: 'Request sent', gate: 'triage', load: () => import('../flows/admin/AdminCompletePage') },
  {
    path: '/add-contact-details',
    emergencyCheck: true,
    pageName: 'Before we send your request',
    gate: 'triage',
    load: () => import('./AddContactDetailsRoute'),
  },
  {
    path: '/change-of-contact-details',
    emergencyCheck: true,
    pageName: 'Change your contact details',
    gate: 'triage',
    load: () => import('../flows/admin/ChangeOfContactDetailsPage'),
  },
  // Booking (src/flows/booking); always reachable except direct booking.
  { path: '/appointment/book-appointment', pageName: 'Book your appointment', gate: 'always', load: () => import('../flows/booking/BookAppointmentPage') },
  { path: '/appointment/details', pageName: 'Your appointment', gate: 'always', load: () => import('../flows/booking/AppointmentDetailsPage') },
  { path: '/appointment/confirmation', pageName: 'Appointment booked', gate: 'always', load: () => import('../flows/booking/ConfirmationPage') },
  { path: '/appointment/no-appointments', pageName: 'No appointments available', gate: 'always', load: () => import('../flows/booking/NoAppointmentsPage') },
  { path: '/self-booking', pageName: 'Book an appointment', gate: 'always', load: () => import('../flows/booking/SelfBookingPage') },
  {
    path: '/direct-booking',
    pageName: 'Accepting your appointment invitation',
    gate: 'directBooking',
    load: () => import('../flows/booking/DirectBookingPage'),
  },
  // Eligibility pathways (standard appointments): menu, pathway, outcomes (src/flows/eligibility).
  {
    path: '/eligibility/booking',
    service: 'eligibility',
    pageName: 'Standard appointments',
    gate: 'eligibility',
    load: () => import('../flows/eligibility/EligibilityMenuPage'),
  },
  {
    path: '/eligibility/guideline',
    service: 'eligibility',
    pageName: 'Appointment',
    gate: 'eligibility',
    load: () => import('../flows/eligibility/EligibilityGuidelinePage'),
  },
  { path: '/eligibility/self-help', pageName: 'Self-help', gate: 'eligibility', load: () => import('../flows/eligibility/EligibilitySelfHelpPage') },
  { path: '/eligibility/signpost', pageName: 'Where to get help', gate: 'eligibility', load: () => import('../flows/eligibility/EligibilitySignpostPage') },
  {
    path: '/eligibility/something-went-wrong',
    pageName: 'Something went wrong',
    gate: 'eligibility',
    load: () => import('../flows/eligibility/EligibilitySomethingWentWrongPage'),
  },
  // Self-help search and the self-help email's thank-you (src/flows/selfhelp).
  { path: '/self-help', emergencyCheck: true, pageName: 'Self-help information', gate: 'triage', load: () => import('../flows/selfhelp/SelfHelpSearchPage') },
  { path: '/self-help/thank-you', pageName: 'Email sent', gate: 'triageOrEligibility', load: () => import('../flows/selfhelp/SelfHelpThankYouPage') },
  // Child requests (src/flows/child): age, emergency checklists, details, menu, confirmation.
  { path: '/child-request', service: 'child', pageName: 'Child request', gate: 'child', load: () => import('../flows/child/ChildAgePage') },
  {
    path: '/child-request/emergency-symptoms',
    service: 'child',
    pageName: 'Does the child need emergency care?',
    gate: 'child',
    load: () => import('../flows/child/ChildEmergencySymptomsPage'),
  },
  {
    path: '/child-request/patient-details',
    service: 'child',
    pageName: 'Child details',
    gate: 'child',
    load: () => import('../flows/child/ChildPatientDetailsPage'),
  },
  { path: '/child-request/menu', service: 'child', pageName: 'Child request', gate: 'child', load: () => import('../flows/child/ChildMenuPage') },
  { path: '/child-request/confirmation', pageName: 'Request sent', gate: 'child', load: () => import('../flows/child/ChildConfirmationPage') },
];

/** The route-table row that draws `pathname` (matched as React Router matches it), if any. */
export function routeForPath(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => matchPath(route.path, pathname) !== null);
}

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
