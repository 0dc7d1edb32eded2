import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PracticePhoneLink } from '../../components/PracticePhone';
import { useSettings } from '../../settings/useSettings';
import { ELIGIBILITY_MENU, rememberHome } from '../guideline/eligibilityFlow';
import { isEligibilityPathway, type PathwayKind } from '../guideline/pathwayKind';

export interface EligibilityGuideline {
  guidelineId: string;
  /** The pathway document's kind: the menu lists the eligibility kind only. */
  kind?: PathwayKind;
  label: string;
  shortDescription?: string;
}

/** The practice's `eligibilityGuidelines` (shared settings): well-formed entries of the eligibility kind, sorted by label. */
export function eligibilityGuidelines(raw: unknown): EligibilityGuideline[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (g): g is EligibilityGuideline =>
        !!g && typeof g === 'object' && typeof (g as EligibilityGuideline).guidelineId === 'string' && typeof (g as EligibilityGuideline).label === 'string',
    )
    .filter((g) => isEligibilityPathway(g))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** /eligibility/booking: the standard-appointments menu; it becomes home for the rest of the session. */
export default function EligibilityMenuPage() {
  const { settings } = useSettings();
  const options = eligibilityGuidelines(settings.shared.eligibilityGuidelines);
  const phone = settings.clinic.telephone;
  useEffect(() => {
    rememberHome(ELIGIBILITY_MENU);
  }, []);
  return (
    <>
      {/* The product's terse heading and line, word for word, with a plain caption and hint that say what the page is for. */}
      <span className="nhsuk-caption-l" data-testid="welcome-caption">
        Standard appointments
      </span>
      <h1>A very warm welcome</h1>
      <p>Please select the option you need below.</p>
      <p className="nhsuk-hint" data-testid="welcome-hint">
        Book an appointment with the practice for one of the services below. We will ask a few questions to check the appointment is suitable for you, then
        offer you a time.
      </p>
      {options.length === 0 ? (
        <p data-testid="no-eligibility-options">
          No options found. Please contact the practice.
          {phone ? (
            <>
              {' '}
              Call <PracticePhoneLink phone={phone} />.
            </>
          ) : null}
        </p>
      ) : (
        <ul className="nhsuk-list" data-testid="eligibility-options">
          {options.map((o) => (
            <li key={o.guidelineId} className="nhsuk-card nhsuk-card--clickable">
              <div className="nhsuk-card__content">
                <h2 className="nhsuk-card__heading nhsuk-heading-m">
                  <Link className="nhsuk-card__link" to={`/eligibility/guideline?guideline=${encodeURIComponent(o.guidelineId)}`}>
                    {o.label}
                  </Link>
                </h2>
                {o.shortDescription ? <p className="nhsuk-card__description">{o.shortDescription}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
