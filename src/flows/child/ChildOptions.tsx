// The child menu's pathways drawn as cards: each one, the search's results, and the way to ask
// about something else.
import type { ReactNode } from 'react';
import type { ScoredPathway } from '../../search/symptomSearch';
import type { Selection } from '../guideline/journey';
import type { ChildGuideline } from './childSearch';

/** One child pathway as a card: what it is, what it is and is not suitable for, and Choose. */
export function OptionCard({ option, onChoose, headingLevel }: { option: ChildGuideline; onChoose: () => void; headingLevel: 2 | 3 }): ReactNode {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="nhsuk-card__content">
      <Heading className="nhsuk-card__heading nhsuk-heading-s">{option.label}</Heading>
      {option.shortDescription ? <p className="nhsuk-card__description">{option.shortDescription}</p> : null}
      {option.suitableFor ? (
        <p>
          <strong>Suitable for:</strong> {option.suitableFor}
        </p>
      ) : null}
      {option.notSuitableFor ? (
        <p>
          <strong>Not suitable for:</strong> {option.notSuitableFor}
        </p>
      ) : null}
      <button type="button" className="nhsuk-button nhsuk-u-margin-bottom-0" onClick={onChoose} aria-label={`Choose ${option.label}`}>
        Choose
      </button>
    </div>
  );
}

/** Search results as cards, each the pathway the match names (a match with no pathway offered is left out). */
function ResultList({
  list,
  testId,
  all,
  onChoose,
}: {
  list: ScoredPathway[];
  testId: string;
  all: readonly ChildGuideline[];
  onChoose(option: ChildGuideline): void;
}): ReactNode {
  const byId = (m: ScoredPathway) => all.find((o) => o.guidelineId === m.entry.guidelineId);
  return (
    <ul className="nhsuk-list" data-testid={testId}>
      {list.map((m) => {
        const option = byId(m);
        return option ? (
          <li key={option.guidelineId} className="nhsuk-card">
            <OptionCard option={option} onChoose={() => onChoose(option)} headingLevel={3} />
          </li>
        ) : null;
      })}
    </ul>
  );
}

/** "Can't find what you're looking for?": the pathway for anything else about the child. */
export function SomethingElse({ onChoose }: { onChoose(): void }): ReactNode {
  return (
    <>
      <h2 className="nhsuk-heading-m">Can&apos;t find what you&apos;re looking for?</h2>
      <p>
        <button type="button" className="app-link-button" data-testid="child-something-else" onClick={onChoose}>
          Ask the practice about something else for the child
        </button>
      </p>
    </>
  );
}

/** The search's prompt and results: what matched, then similar matches. */
export function SearchResults({
  prompt,
  matches,
  similar,
  all,
  onChoose,
}: {
  prompt: string | undefined;
  matches: ScoredPathway[];
  similar: ScoredPathway[];
  all: readonly ChildGuideline[];
  onChoose(option: ChildGuideline, searchType: Selection['searchType']): void;
}): ReactNode {
  return (
    <div aria-live="polite" data-testid="child-search-results">
      {prompt ? (
        <p className="nhsuk-body" data-testid="child-search-prompt">
          {prompt}
        </p>
      ) : null}
      {matches.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-m">Results</h2>
          <ResultList list={matches} testId="child-main-matches" all={all} onChoose={(option) => onChoose(option, 'MAIN')} />
        </>
      ) : null}
      {similar.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-m">Similar matches</h2>
          <ResultList list={similar} testId="child-similar-matches" all={all} onChoose={(option) => onChoose(option, 'SIMILAR')} />
        </>
      ) : null}
    </div>
  );
}
