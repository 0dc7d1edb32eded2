import { useSearchParams } from 'react-router-dom';
import { flowSettings } from '../settings/types';
import { useSettings } from '../settings/useSettings';
import { STEP_PARAM, type PatientDetailsState, type StepState } from './patientDetailsState';

/**
 * Which screen of the patient-details step shows, read from the address, and the moves between
 * screens. Each screen is its own history entry (`&step=details`, `&step=contact`), so the
 * browser's Back and the page's back link agree (docs/architecture.md, "Page changes").
 */
export function useStepScreen(flow: string, state: StepState, skipPatientValidation: boolean) {
  const { settings, loggedIn } = useSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const loginOffered = settings.shared.nhsLogin?.enabled === true && flowSettings(settings.patientApp, flow)?.enableNhsLogin !== false && !loggedIn;
  // Without a step the first screen shows: the login choice when NHS login is offered, else the details.
  const urlStep = searchParams.get(STEP_PARAM);
  const reachedContact = state.step === 'CONTACT_DETAILS';
  const screen: PatientDetailsState | 'loggedIn' = loggedIn
    ? 'loggedIn'
    : urlStep === 'contact' && reachedContact && !skipPatientValidation
      ? 'CONTACT_DETAILS'
      : urlStep === 'details' || urlStep === 'contact' || !loginOffered
        ? 'DETAILS'
        : 'LOGIN_CHOICE';
  /** The address of a screen of the step (the page's own query kept). */
  const stepHref = (step: 'details' | 'contact' | undefined): string => {
    const next = new URLSearchParams(searchParams);
    if (step) next.set(STEP_PARAM, step);
    else next.delete(STEP_PARAM);
    return `${window.location.pathname}?${next.toString()}`;
  };
  const showStep = (step: 'details' | 'contact', focusId?: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(STEP_PARAM, step);
        return next;
      },
      focusId ? { state: { focusId } } : undefined,
    );
  return { screen, loginOffered, stepHref, showStep };
}
