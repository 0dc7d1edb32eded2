import { SERVICE_CLOSED_MESSAGE, SERVICE_OFF_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from '../errors/messages';

/** The A&E questions listed on the service-off screen. */
export const AE_QUESTIONS = [
  'Are you having difficulty breathing?',
  'Do you have chest pain?',
  'Are you unable to drink fluids or keep them down?',
  'Have you not passed urine in the last 12 hours?',
  'Are you unable to stand up or walk?',
] as const;

export default function ServiceClosedPage() {
  return (
    <>
      <h1>{SERVICE_UNAVAILABLE_TITLE}</h1>
      <p className="nhsuk-lede-text">{SERVICE_CLOSED_MESSAGE}</p>
      <div className="nhsuk-inset-text">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        <p>{SERVICE_OFF_MESSAGE}</p>
      </div>
      <h2>Go to A&amp;E or call 999 if you answer yes to any of these</h2>
      <ul data-testid="ae-questions">
        {AE_QUESTIONS.map((q) => (
          <li key={q}>{q}</li>
        ))}
      </ul>
      <p>
        For urgent advice that is not an emergency, <a href="https://111.nhs.uk/">use 111 online</a> or call 111. If you are deaf
        or hard of hearing, use text relay: 18000 for 999, 18001 111 for 111.
      </p>
    </>
  );
}
