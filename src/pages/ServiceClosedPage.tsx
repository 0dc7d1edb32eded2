import { Link, useLocation } from 'react-router-dom';
import { CareCard } from '../components/CareCard';
import { SERVICE_CLOSED_MESSAGE, SERVICE_OFF_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from '../errors/messages';
import { safeNextPath } from '../routing/safeNext';
import { EmergencyNumber, WithNumbersLinked } from '../screening/EmergencyNumber';

/** The A&E questions listed on the service-off screen. */
export const AE_QUESTIONS = [
  'Are you having difficulty breathing?',
  'Do you have chest pain?',
  'Are you unable to drink fluids or keep them down?',
  'Have you not passed urine in the last 12 hours?',
  'Are you unable to stand up or walk?',
] as const;

/** The page the patient was on when the service closed (navigation state), if it is one of ours. */
function returnPath(state: unknown): string | undefined {
  const from = state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : undefined;
  const path = from ? safeNextPath(from) : undefined;
  return path && path !== '/' ? path : undefined;
}

export default function ServiceClosedPage() {
  const back = returnPath(useLocation().state);
  return (
    <>
      <h1>{SERVICE_UNAVAILABLE_TITLE}</h1>
      <p className="nhsuk-lede-text">{SERVICE_CLOSED_MESSAGE}</p>
      {back ? (
        <div className="nhsuk-inset-text" data-testid="answers-kept">
          <p>Your answers are kept in this browser tab until you close it. When the service reopens, you can go back and send your request.</p>
          <p>
            <Link to={back}>Go back to your request</Link>
          </p>
        </div>
      ) : null}
      <div className="nhsuk-inset-text">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p>
          <WithNumbersLinked text={SERVICE_OFF_MESSAGE} />
        </p>
      </div>
      <CareCard type="emergency" heading="Go to A&E or call 999 if you answer yes to any of these" testId="ae-card">
        <ul data-testid="ae-questions">
          {AE_QUESTIONS.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
        <p>
          If you are deaf or hard of hearing, use text relay to call <EmergencyNumber number="999" /> on <EmergencyNumber number="18000" />.
        </p>
      </CareCard>
      <CareCard type="urgent" heading="For urgent advice that is not an emergency">
        <p>
          <a href="https://111.nhs.uk/">Use 111 online</a> or call <EmergencyNumber number="111" />. If you are deaf or hard of hearing, use text relay on{' '}
          <EmergencyNumber number="18001 111" />.
        </p>
      </CareCard>
    </>
  );
}
