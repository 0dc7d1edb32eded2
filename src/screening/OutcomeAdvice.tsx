// Every word of the engine's outcome, as the patient reads it: each recommendation's title, what to
// do (its management texts and links), why (its evidence) and the tests the practice may ask for.
// The outcome screens, the confirmations and the email draw the same list (common/advice.ts), so
// nothing a pathway's author wrote for the patient is lost between them.
import { outcomeWords, type OutcomeWords } from '../../common';
import { WithNumbersLinked } from './EmergencyNumber';

export function OutcomeWordsView({ words, headingLevel = 2 }: { words: readonly OutcomeWords[]; headingLevel?: 2 | 3 }) {
  if (words.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="app-outcome-advice" data-testid="outcome-advice">
      {words.map((w, i) => (
        <section key={i} className="app-outcome-advice__item">
          <Heading className="nhsuk-heading-m">{w.title}</Heading>
          {w.advice.map((a, j) => (
            <div key={j}>
              {/* A blank line in a pathway's advice text starts a new paragraph ("What to do: …", "A pharmacist can: …"). */}
              {a.text.split(/\n\s*\n/).map((paragraph, k) => (
                <p key={k}>
                  <WithNumbersLinked text={paragraph.trim()} />
                </p>
              ))}
              {a.links.length ? (
                <ul className="nhsuk-list">
                  {a.links.map((l) => (
                    <li key={l.url}>
                      <a href={l.url}>{l.label}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
          {w.evidence.length ? (
            <>
              <Sub className="nhsuk-heading-s">Why we are telling you this</Sub>
              {w.evidence.map((e, j) => (
                <p key={j}>
                  <WithNumbersLinked text={e} />
                </p>
              ))}
            </>
          ) : null}
          {w.tests.length ? <p>The practice may ask you for: {w.tests.join(', ')}.</p> : null}
        </section>
      ))}
    </div>
  );
}

/** The words of an execution's recommendations. */
export function OutcomeAdvice({ recommendations, headingLevel = 2 }: { recommendations: readonly unknown[]; headingLevel?: 2 | 3 }) {
  return <OutcomeWordsView words={outcomeWords(recommendations)} headingLevel={headingLevel} />;
}
