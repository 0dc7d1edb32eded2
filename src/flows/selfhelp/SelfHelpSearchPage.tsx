import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { SymptomSearch, searchSettings, type SearchOutcome } from '../../search/symptomSearch';
import { useSettings } from '../../settings/useSettings';
import { proxyOn } from '../guideline/journey';
import { loadSelfHelpEntries, type SelfHelpEntry } from '../../search/selfHelpLibrary';
import { BackLink } from '../../components/BackLink';
import { CallThePractice } from '../../components/PracticePhone';

export const TOO_SHORT_MESSAGE = 'Please enter at least 3 characters';
const MIN_LENGTH = 3;

/**
 * /self-help: a condition search (at least 3 characters) over the self-help links of the pathway
 * library, with the medical search's engine and weights. Results are NHS information pages that
 * open in the same tab; each link says it is an external site. `?guideline=<id>` opens it at that
 * pathway's conditions (the no-slots screen's "Get self-help"), until the patient searches.
 */
export default function SelfHelpSearchPage() {
  const { settings } = useSettings();
  const preset = useSearchParams()[0].get('guideline');
  const useProxy = proxyOn(settings);
  const [entries, setEntries] = useState<SelfHelpEntry[]>();
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [searched, setSearched] = useState<{ term: string; outcome: SearchOutcome }>();
  const [tooShort, setTooShort] = useState(false);

  useEffect(() => {
    let live = true;
    loadSelfHelpEntries(useProxy).then(
      (list) => live && setEntries(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [useProxy]);

  const engine = useMemo(
    () => (entries ? new SymptomSearch(entries, { ...searchSettings(settings.patientApp.triageMappingSearch), minSearchTermLength: MIN_LENGTH }) : undefined),
    [entries, settings.patientApp.triageMappingSearch],
  );

  if (failed) {
    return (
      <>
        <h1>Something went wrong</h1>
        <p>
          Please refresh the page. If this does not work, <CallThePractice before="contact the practice" />
        </p>
      </>
    );
  }
  if (!engine) return <Loading message={LOADING_MESSAGES.preparingInformation} />;

  function open(event: React.FormEvent) {
    event.preventDefault();
    const term = text.trim();
    if (term.length < MIN_LENGTH) {
      setTooShort(true);
      setSearched(undefined);
      return;
    }
    setTooShort(false);
    setSearched({ term, outcome: engine!.search(term) });
  }

  const presetEntries = !searched && !tooShort && preset ? entries!.filter((e) => e.pathways.includes(preset)) : [];
  const results =
    searched?.outcome.kind === 'results' ? [...searched.outcome.matches, ...searched.outcome.similar].map((s) => s.entry as SelfHelpEntry) : presetEntries;

  return (
    <>
      <BackLink fallback="/" />
      <h1>Self-help information</h1>
      <p>Find NHS information about a condition, to help you look after yourself at home.</p>
      <form role="search" onSubmit={open} noValidate>
        <div className={`nhsuk-form-group${tooShort ? ' nhsuk-form-group--error' : ''}`}>
          <label className="nhsuk-label nhsuk-label--s" htmlFor="self-help-search">
            Search for a condition
          </label>
          <div className="nhsuk-hint" id="self-help-search-hint">
            Enter at least 3 characters, for example: back pain
          </div>
          {tooShort ? (
            <span className="nhsuk-error-message" id="self-help-search-error">
              <span className="nhsuk-u-visually-hidden">Error:</span> {TOO_SHORT_MESSAGE}
            </span>
          ) : null}
          <input
            className={`nhsuk-input${tooShort ? ' nhsuk-input--error' : ''}`}
            id="self-help-search"
            name="self-help-search"
            type="search"
            autoComplete="off"
            aria-describedby={tooShort ? 'self-help-search-hint self-help-search-error' : 'self-help-search-hint'}
            aria-invalid={tooShort || undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button className="nhsuk-button" type="submit">
          Open
        </button>
      </form>
      <SelfHelpResults searched={searched !== undefined} results={results} />
      <Link to="/" className="nhsuk-button nhsuk-button--secondary">
        Cancel
      </Link>
    </>
  );
}

/** The conditions found (or the pathway's, from `?guideline=`), each with its NHS pages. */
function SelfHelpResults({ searched, results }: { searched: boolean; results: readonly SelfHelpEntry[] }) {
  return (
    <div aria-live="polite" data-testid="self-help-results">
      {searched && results.length === 0 ? <p>Please try a different search term.</p> : null}
      {results.length > 0 ? (
        <>
          <h2 className="nhsuk-heading-m">Results</h2>
          <p>These links open NHS website pages (an external site) in this tab.</p>
          <ul className="nhsuk-list">
            {results.map((entry) => (
              <li key={entry.guidelineId}>
                <h3 className="nhsuk-heading-s nhsuk-u-margin-bottom-2">{entry.label}</h3>
                <ul className="nhsuk-list nhsuk-list--bullet">
                  {entry.links.map((link) => (
                    <li key={link.url}>
                      <a href={link.url}>
                        {link.label} <span className="app-external-label">(external site)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
