import { Link, useLocation } from 'react-router-dom';
import { CareCard } from '../components/CareCard';
import { SERVICE_CLOSED_MESSAGE, SERVICE_OFF_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from '../errors/messages';
import { safeNextPath } from '../routing/safeNext';
import { EmergencyNumber, WithNumbersLinked } from '../screening/EmergencyNumber';
import { useServiceOpen } from '../settings/serviceStatus';
import { childAge, childFlow, isChildAge } from '../flows/child/childFlow';
import { reopeningSentence, type RequestKind } from '../../common';

/** The A&E questions listed on the service-off screen. */
export const AE_QUESTIONS = [
  'Are you having difficulty breathing?',
  'Do you have chest pain?',
  'Are you unable to drink fluids or keep them down?',
  'Have you not passed urine in the last 12 hours?',
  'Are you unable to stand up or walk?',
] as const;

/**
 * The same for a child (a parent reads them about the child), from the signs of the child
 * emergency checklists (schemas/forms/CHILD_EMERGENCY_*.form.json). Illustrative content written
 * conservatively, like those checklists: a practice's own clinicians must review it.
 */
export const CHILD_AE_QUESTIONS = [
  'Is the child struggling to breathe, or are their lips, tongue or skin turning blue or grey?',
  'Is the child floppy, not responding, or very hard to wake?',
  'Is the child having a fit (seizure), or have they had one for the first time?',
  'Does the child have a rash that does not fade when you press a glass against it?',
  'Has the child not had a wee or a wet nappy in the last 12 hours, or can they not keep any fluids down?',
  'Has the child had a serious injury, or might they have swallowed a button battery, a magnet, medicine or something poisonous?',
] as const;

/** The page the patient was on when the service closed (navigation state), if it is one of ours. */
function returnPath(state: unknown): string | undefined {
  const from = state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : undefined;
  const path = from ? safeNextPath(from) : undefined;
  return path && path !== '/' ? path : undefined;
}

/** A child request in this tab (the child flow holds a child's age): the closed page speaks of the child. */
function childInFlow(): boolean {
  return isChildAge(childAge(childFlow.get().dateOfBirth));
}

/**
 * "Service unavailable" (/triage/service-closed): the service closed during a request. The
 * emergency list is the child one during a child request.
 */
export default function ServiceClosedPage() {
  const back = returnPath(useLocation().state);
  return <ServiceClosedScreen kind={childInFlow() ? 'child' : 'adult'} midRequest back={back} />;
}

/**
 * The closed screen of a request kind, whether it closed mid-request or was closed before the
 * patient started (a route that starts a request, src/routing/GatedRoute.tsx): the reopening time
 * when the practice gave one, then the emergency list (a child's on child pages) and 111.
 */
export function ServiceClosedScreen({ kind, midRequest = false, back }: { kind: RequestKind; midRequest?: boolean; back?: string | undefined }) {
  const openness = useServiceOpen(kind);
  const reopening = reopeningSentence(openness);
  const child = kind === 'child';
  const questions = child ? CHILD_AE_QUESTIONS : AE_QUESTIONS;
  return (
    <>
      <h1>{SERVICE_UNAVAILABLE_TITLE}</h1>
      <p className="nhsuk-lede-text">{midRequest ? SERVICE_CLOSED_MESSAGE : `${child ? 'Child requests' : 'Online requests'} are closed at the moment.`}</p>
      {reopening ? (
        <p data-testid="reopens">
          <strong>{reopening}</strong>
        </p>
      ) : null}
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
      <CareCard
        type="emergency"
        heading={child ? 'Call 999 or take the child to A&E if you answer yes to any of these' : 'Go to A&E or call 999 if you answer yes to any of these'}
        testId="ae-card"
      >
        <ul data-testid="ae-questions">
          {questions.map((q) => (
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
