// What the engine gives for the answers so far, beside a walked pathway: refusal, tier (in the
// inbox's words), top referral, recommendations in order, sections asked, and whether the chosen
// example's expectations match.
// The inbox's words for each tier, the same table the practice's inbox reads.
import { isTier, PRACTICE_TIER_WORDS } from '../../common';
import type { PathwayExample } from '../../generated/types/questionnaire';
import type { PathwayPreviewAnswer } from '../api/index';

const REFUSALS: Readonly<Record<string, string>> = {
  RESTRICTED_BY_AGE: 'Refused: this pathway is not for a patient of this age.',
  RESTRICTED_BY_SEX: 'Refused: this pathway is not for a patient of this sex at birth.',
};

export function Outcome({ result, example }: { result: { answer?: PathwayPreviewAnswer; failed?: boolean } | undefined; example: PathwayExample | undefined }) {
  return (
    <section aria-labelledby="preview-outcome" data-testid="pathway-outcome" aria-live="polite">
      <h2 className="nhsuk-heading-m" id="preview-outcome">
        What the engine gives
      </h2>
      {!result ? <p>Working it out…</p> : null}
      {result?.failed ? <p className="nhsuk-error-message">The engine&apos;s answer could not be had. Change an answer to try again.</p> : null}
      {result?.answer ? <OutcomeBody answer={result.answer} example={example} /> : null}
    </section>
  );
}

/** Whether two lists of recommendation ids are the same, in the same order. */
function sameIds(expected: readonly string[], got: readonly string[]): boolean {
  return expected.length === got.length && expected.every((id, i) => got[i] === id);
}

function OutcomeBody({ answer, example }: { answer: PathwayPreviewAnswer; example: PathwayExample | undefined }) {
  const expected = example?.expectRefusal ?? example?.expectTopReferral;
  const got = answer.refusal ?? answer.topReferral;
  return (
    <>
      {answer.refusal ? <p data-testid="outcome-refusal">{REFUSALS[answer.refusal] ?? answer.refusal}</p> : null}
      {answer.tier ? (
        <p data-testid="outcome-tier">
          <strong>Tier:</strong> {isTier(answer.tier) ? PRACTICE_TIER_WORDS[answer.tier] : answer.tier} (<code>{answer.tier}</code>)
        </p>
      ) : null}
      {answer.topReferral ? (
        <p data-testid="outcome-referral">
          <strong>Top referral:</strong> <code>{answer.topReferral}</code>
        </p>
      ) : null}
      {example && expected ? (
        <p data-testid="outcome-example">
          The example expects <code>{expected}</code>: {expected === got ? 'matches.' : 'does not match.'}
        </p>
      ) : null}
      {example?.expectRecommendationIds && !answer.refusal ? (
        <p data-testid="outcome-example-recommendations">
          The example expects the recommendations <code>{example.expectRecommendationIds.join(', ') || 'none'}</code>:{' '}
          {sameIds(
            example.expectRecommendationIds,
            answer.recommendations.map((r) => r.id),
          )
            ? 'they match.'
            : `they do not match (the engine gives ${answer.recommendations.map((r) => r.id).join(', ') || 'none'}).`}
        </p>
      ) : null}
      {answer.recommendations.length > 0 ? (
        <>
          <h3 className="nhsuk-heading-s">Recommendations, in order</h3>
          <ol data-testid="outcome-recommendations">
            {answer.recommendations.map((r) => (
              <li key={r.id}>
                {r.title} <code>{r.id}</code>
                {r.tier ? ` (${r.tier})` : ''}
              </li>
            ))}
          </ol>
        </>
      ) : answer.refusal ? null : (
        <p>No outcome holds.</p>
      )}
      {answer.path.length > 0 ? (
        <>
          <h3 className="nhsuk-heading-s">Sections asked</h3>
          <p data-testid="outcome-path">
            {answer.path.join(', ')}
            {answer.stoppedAtRedFlag ? ' — stopped at a red flag, later sections are not asked' : ''}
          </p>
        </>
      ) : null}
    </>
  );
}
