import { SymptomSearchForm } from '../../search/SymptomSearchForm';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { useSettings } from '../../settings/useSettings';
import { SymptomSearch, searchSettings, type ScoredPathway, type SearchEntry, type SearchOutcome } from '../../search/symptomSearch';
import { DEFAULT_NON_SPECIFIC_ID, triageLibrary, type TriageLibrary } from '../../search/triageMapping';
import { useFlowStore } from '../sessionFlowStore';
import { clearTriageFlow, triageFlow, type SearchType } from '../guideline/journey';
import { EmergencySearchCard } from '../../screening/EmergencySearchCard';
import { markCrisisPathways, searchEmergencies } from '../../screening/phraseList';
import { SEARCH_PROMPTS, otherSexPrompt } from '../../search/searchPrompts';
import { CallThePractice } from '../../components/PracticePhone';

export const NON_SPECIFIC_LABEL = "Can't find what you're looking for?";

/** The patient-details link of a chosen pathway, with how it was found (custom data of $start). */
export function patientDetailsLink(guidelineId: string, searchType: SearchType, searchTerm: string, searchMatches: string[]): string {
  const query = new URLSearchParams({ guideline: guidelineId, searchTerm, searchType, searchMatches: searchMatches.join(',') });
  return `/triage/patient-details?${query.toString()}`;
}

/**
 * The search over each version of the library, built once: building it indexes every pathway's
 * label and symptoms (the page's costliest step, on the server's render of it most of all), so a
 * page drawn again, by the server for the next patient or in the browser after going back, reuses
 * it. A version is the settings' content (each server render reads them afresh, as new objects);
 * the last few are kept, as the practice's configurer may change them while the server runs.
 */
const searches = new Map<string, { library: TriageLibrary; engine: SymptomSearch }>();
const SEARCHES_KEPT = 4;

export function triageSearch(mapping: unknown, rawSearchSettings: Parameters<typeof searchSettings>[0]): { library: TriageLibrary; engine: SymptomSearch } {
  const version = JSON.stringify([mapping ?? null, rawSearchSettings ?? null]);
  let built = searches.get(version);
  if (!built) {
    const library = triageLibrary(mapping);
    built = { library, engine: new SymptomSearch(markCrisisPathways(library.entries), searchSettings(rawSearchSettings)) };
    if (searches.size >= SEARCHES_KEPT) searches.delete(searches.keys().next().value!);
    searches.set(version, built);
  }
  return built;
}

/** /triage: the symptom search (guideline selection). */
export default function TriageSearchPage() {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const flow = useFlowStore(triageFlow);
  const { library, engine } = useMemo(
    () => triageSearch(settings.patientApp.triageMapping, settings.patientApp.triageMappingSearch),
    [settings.patientApp.triageMapping, settings.patientApp.triageMappingSearch],
  );
  // The patient's sex at birth, once known (back from their details): pathways for the other sex are not offered.
  const sexAtBirth = flow.patient?.sexAtBirth;
  const [text, setText] = useState(() => flow.lastSearch ?? '');
  const [searched, setSearched] = useState<{ term: string; outcome: SearchOutcome } | undefined>(() =>
    flow.lastSearch ? { term: flow.lastSearch, outcome: engine.search(flow.lastSearch, { sexAtBirth }) } : undefined,
  );
  const [allOpen, setAllOpen] = useState(false);
  // Focus goes to the emergency card after a search, not when the page is shown again.
  const [searchedNow, setSearchedNow] = useState(false);
  const clinic = settings.clinic;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') return;
    const term = text.trim();
    setSearched({ term, outcome: engine.search(term, { sexAtBirth }) });
    setSearchedNow(true);
    triageFlow.set({ lastSearch: term });
  }

  const matches = searched?.outcome.kind === 'results' ? searched.outcome.matches : [];
  const similar = searched?.outcome.kind === 'results' ? searched.outcome.similar : [];
  const shownIds = [...matches, ...similar].map((m) => m.entry.guidelineId);
  const term = searched?.term ?? '';
  const otherSex = searched?.outcome.kind === 'results' ? (searched.outcome.otherSex ?? []) : [];
  // Nothing offered matched as well as a pathway for the other sex: say so, above any similar matches.
  const prompt = !searched
    ? SEARCH_PROMPTS.pristine
    : matches.length > 0
      ? undefined
      : otherSex.length > 0 && sexAtBirth
        ? otherSexPrompt(
            otherSex.map((m) => m.entry.label),
            sexAtBirth,
            'patients',
          )
        : similar.length > 0
          ? SEARCH_PROMPTS.similarOnly
          : SEARCH_PROMPTS.none;
  const nonSpecificId = library.nonSpecific?.guidelineId ?? DEFAULT_NON_SPECIFIC_ID;
  // Words that match the emergency phrase list: the emergency card comes first, above any result.
  const emergencies = useMemo(() => (searched ? searchEmergencies(searched.term) : []), [searched]);

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
    <>
      <div className="app-clinic-header" data-testid="clinic-header">
        <p className="nhsuk-body-s nhsuk-u-margin-bottom-2">
          <strong>{clinic.name}</strong>
          {clinic.street || clinic.city || clinic.postcode ? (
            <>
              <br />
              {[clinic.street, clinic.city, clinic.postcode].filter(Boolean).join(', ')}
            </>
          ) : null}
        </p>
      </div>
      <h1>What do you need help with?</h1>
      {library.entries.length === 0 ? (
        <div className="nhsuk-error-summary" role="alert" data-testid="symptom-groups-missing">
          <h2 className="nhsuk-error-summary__title">Something went wrong</h2>
          <div className="nhsuk-error-summary__body">
            <p>
              Please refresh the page. If this does not work, <CallThePractice before="please contact the practice" />
            </p>
          </div>
        </div>
      ) : (
        <>
          <SymptomSearchForm
            id="symptom-search"
            label="Search for your symptom or condition, in your own words"
            hint="For example: sore throat, back pain, rash"
            value={text}
            onChange={setText}
            onSubmit={submit}
          />
          <EmergencySearchCard key={term} matches={emergencies} focus={searchedNow} />
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
          <h2 className="nhsuk-heading-m">{NON_SPECIFIC_LABEL}</h2>
          <p>
            <Link to={patientDetailsLink(nonSpecificId, 'NON_SPECIFIC', term, shownIds)} data-testid="non-specific">
              Ask the practice about something else
            </Link>
          </p>
          <p>
            <button type="button" className="app-link-button" onClick={() => setAllOpen(true)}>
              All options
            </button>
          </p>
          <Modal open={allOpen} title="All options" onClose={() => setAllOpen(false)}>
            <ul className="nhsuk-list" data-testid="all-options">
              {library.entries.map((entry) => (
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
      )}
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        onClick={() => {
          clearTriageFlow();
          void navigate('/');
        }}
      >
        Cancel
      </button>
    </>
  );
}

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
