import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import type { ScoredPathway, SearchEntry } from '../../search/symptomSearch';
import type { SearchType } from '../guideline/journey';
import { patientDetailsLink } from './triageSearch';

function PathwayChoice({ entry, to }: { entry: SearchEntry; to: string }) {
  return (
    <div className="nhsuk-card nhsuk-card--clickable nhsuk-u-margin-bottom-3">
      <div className="nhsuk-card__content">
        <h3 className="nhsuk-card__heading nhsuk-heading-s">
          <Link className="nhsuk-card__link" to={to}>
            {entry.label}
          </Link>
        </h3>
        {entry.suitableFor ? <p className="nhsuk-card__description nhsuk-body-s">{entry.suitableFor}</p> : null}
        {entry.notSuitableFor ? (
          <p className="nhsuk-card__description nhsuk-body-s app-not-suitable" data-testid="not-suitable-for">
            <strong>Not suitable for:</strong> {entry.notSuitableFor}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface SearchResultsProps {
  prompt: string | undefined;
  matches: ScoredPathway[];
  similar: ScoredPathway[];
  term: string;
}

/** Drawing a search's outcome: the prompt, then the results and the similar matches, each a link to the patient's details. */
export function SearchResults({ prompt, matches, similar, term }: SearchResultsProps) {
  const shownIds = [...matches, ...similar].map((m) => m.entry.guidelineId);
  const resultList = (list: ScoredPathway[], type: SearchType, testId: string) => (
    <ul className="nhsuk-list app-triage-results" data-testid={testId}>
      {list.map((m) => (
        <li key={m.entry.guidelineId}>
          <PathwayChoice entry={m.entry} to={patientDetailsLink(m.entry.guidelineId, type, term, shownIds)} />
        </li>
      ))}
    </ul>
  );
  return (
    <div aria-live="polite" data-testid="search-results">
      {prompt ? (
        <p className="nhsuk-body" data-testid="search-prompt">
          {prompt}
        </p>
      ) : null}
      {matches.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-m">Results</h2>
          {resultList(matches, 'MAIN', 'main-matches')}
        </>
      ) : null}
      {similar.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-m">Similar matches</h2>
          {resultList(similar, 'SIMILAR', 'similar-matches')}
        </>
      ) : null}
    </div>
  );
}

/** "All options": every pathway of the library in a dialog, with who each suits. */
export function AllOptions({ entries, term }: { entries: readonly SearchEntry[]; term: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>
        <button type="button" className="app-link-button" onClick={() => setOpen(true)}>
          All options
        </button>
      </p>
      <Modal open={open} title="All options" onClose={() => setOpen(false)}>
        <ul className="nhsuk-list" data-testid="all-options">
          {entries.map((entry) => (
            <li key={entry.guidelineId} className="app-all-options__item">
              <h3 className="nhsuk-heading-s nhsuk-u-margin-bottom-1">
                <Link to={patientDetailsLink(entry.guidelineId, 'ALL_OPTIONS', term, [])}>{entry.label}</Link>
              </h3>
              {entry.suitableFor ? <p className="nhsuk-body-s nhsuk-u-margin-bottom-1">Suitable for: {entry.suitableFor}</p> : null}
              {entry.notSuitableFor ? <p className="nhsuk-body-s">Not suitable for: {entry.notSuitableFor}</p> : null}
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
