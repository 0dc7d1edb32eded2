import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { stopExecution, type GuidelineSummary } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useSettings } from '../../settings/useSettings';
import { EngineErrorPanel } from '../guideline/EngineErrorPanel';
import { proxyOn, triageFlow } from '../guideline/journey';
import { sessionHome } from '../guideline/eligibilityFlow';
import { passEmergencyCheck } from '../emergencyCheck';
import { BackLink } from '../../components/BackLink';
import { isEligibilityPathway, pathwayKind } from '../guideline/pathwayKind';
import { useEligibilityGuideline } from './useEligibilityGuideline';

export { availabilityOf, type Availability } from './useEligibilityGuideline';

/** The patient-details step of the eligibility pathway (the triage one: it starts the guideline). */
export function detailsPath(guidelineId: string): string {
  return `/triage/patient-details?guideline=${encodeURIComponent(guidelineId)}`;
}

/**
 * /eligibility/guideline?guideline=…: what the pathway is for, whether it suits the patient and
 * what appointment it offers; loads the guideline and, for pathways that check for appointments,
 * the practice's sessions for the expected referral (a warning when there are none). Next goes to
 * the emergency symptoms first when the pathway asks for it, then to the patient-details step.
 */
export default function EligibilityGuidelinePage() {
  const [params] = useSearchParams();
  const guidelineId = params.get('guideline') ?? '';
  const { settings } = useSettings();
  const navigate = useNavigate();
  const useProxy = proxyOn(settings);
  // Any id may be asked for; the pathway's summary says whether it is an eligibility pathway.
  const valid = guidelineId !== '';

  const { guideline, availability, failure, retry } = useEligibilityGuideline(guidelineId, useProxy, valid);

  if (!valid) return <Navigate to={sessionHome()} replace />;
  if (failure) {
    return (
      <EngineErrorPanel
        error={failure}
        actions={[
          { label: 'Try again', onClick: retry },
          { label: 'Back to the options', onClick: () => void navigate('/eligibility/booking') },
        ]}
      />
    );
  }
  if (!guideline) return <Loading message={LOADING_MESSAGES.preparingInformation} />;
  // Another kind of pathway has no page here: the eligibility menu's home, as for no id.
  if (!isEligibilityPathway(guideline)) return <Navigate to={sessionHome()} replace />;

  const label = guideline.label;
  const text = (key: keyof GuidelineSummary) => {
    const value: unknown = guideline[key];
    return typeof value === 'string' ? value : undefined;
  };

  function next() {
    const old = triageFlow.get();
    if (old.selection?.guidelineId !== guidelineId) {
      if (old.executionId && old.execution?.status === 'IN_PROGRESS') void stopExecution(old.executionId, old.useProxy ?? useProxy).catch(() => undefined);
      triageFlow.set((s) => ({
        lastSearch: s.lastSearch,
        selection: { guidelineId, kind: pathwayKind(guideline), label, searchType: 'ALL_OPTIONS', searchTerm: '', searchMatches: [] },
        drafts: {},
        labels: {},
      }));
    }
    const details = detailsPath(guidelineId);
    if (guideline?.showEmergencySymptoms) {
      void navigate(`/emergency-symptoms?next=${encodeURIComponent(details)}`);
      return;
    }
    // A pathway that does not show the emergency symptoms screen (showEmergencySymptoms off) has
    // no check to pass: the medical pages it goes on to must not ask for one.
    passEmergencyCheck();
    void navigate(details);
  }

  return (
    <>
      <BackLink fallback="/eligibility/booking" />
      <h1>{label}</h1>
      {text('shortDescription') ? <p className="nhsuk-lede-text">{text('shortDescription')}</p> : null}
      {availability === 'none' ? <NoAppointmentsWarning /> : null}
      <h2>Checking this is a suitable appointment for you</h2>
      {text('suitableForDescription') && text('suitableForDescription') !== 'Checking this is a suitable appointment for you' ? (
        <p>{text('suitableForDescription')}</p>
      ) : null}
      {text('suitableFor') ? (
        <p>
          <strong>Suitable for:</strong> {text('suitableFor')}
        </p>
      ) : null}
      {text('notSuitableFor') ? (
        <p>
          <strong>Not suitable for:</strong> {text('notSuitableFor')}
        </p>
      ) : null}
      <h2>Offering an appointment</h2>
      {text('appointmentDescription') ? <p>{text('appointmentDescription')}</p> : null}
      <div className="app-button-row">
        <button type="button" className="nhsuk-button" onClick={next}>
          Next
        </button>
        <Link to="/eligibility/booking" className="nhsuk-button nhsuk-button--secondary">
          Back
        </Link>
      </div>
    </>
  );
}

/** The pathway checks for appointments and the practice said it has none. */
function NoAppointmentsWarning() {
  return (
    <div className="nhsuk-warning-callout" data-testid="no-appointments-warning">
      <h2 className="nhsuk-warning-callout__label">
        <span className="nhsuk-u-visually-hidden">Important: </span>No appointments available
      </h2>
      <p>We are sorry there are no available times at present. Please call the practice so that they can help you.</p>
    </div>
  );
}
