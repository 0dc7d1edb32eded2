import { SymptomSearchForm } from '../../search/SymptomSearchForm';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AllSettings } from '../../settings/types';
import { useSettings } from '../../settings/useSettings';
import { useDeferredSettings } from '../../settings/useDeferredSettings';
import { useHydrated } from '../../routing/useHydrated';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import type { SearchOutcome } from '../../search/symptomSearch';
import { DEFAULT_NON_SPECIFIC_ID } from '../../search/triageMapping';
import { useFlowState } from '../flowState';
import { clearTriageFlow, triageFlow } from '../guideline/journey';
import { EmergencySearchCard } from '../../screening/EmergencySearchCard';
import { searchEmergencies } from '../../screening/phraseList';
import { SEARCH_PROMPTS, otherSexPrompt } from '../../search/searchPrompts';
import { CallThePractice } from '../../components/PracticePhone';
import { AllOptions, SearchResults } from './SearchResults';
import { patientDetailsLink, triageSearch } from './triageSearch';

export const NON_SPECIFIC_LABEL = "Can't find what you're looking for?";

/**
 * What to say above the results: nothing searched yet, nothing that matched as well as a pathway
 * for the other sex (said above any similar matches), only similar matches, or nothing found.
 */
function searchPrompt(searched: SearchOutcome | undefined, sexAtBirth: string | undefined): string | undefined {
  if (!searched) return SEARCH_PROMPTS.pristine;
  const matches = searched.kind === 'results' ? searched.matches : [];
  const similar = searched.kind === 'results' ? searched.similar : [];
  const otherSex = searched.kind === 'results' ? (searched.otherSex ?? []) : [];
  if (matches.length > 0) return undefined;
  if (otherSex.length > 0 && sexAtBirth)
    return otherSexPrompt(
      otherSex.map((m) => m.entry.label),
      sexAtBirth,
      'patients',
    );
  return similar.length > 0 ? SEARCH_PROMPTS.similarOnly : SEARCH_PROMPTS.none;
}

function ClinicHeader({ clinic }: { clinic: AllSettings['clinic'] }) {
  return (
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
  );
}

/**
 * /triage: the symptom search (guideline selection). Opened from another page of the app, it
 * waits for the pathway list the home page's HTML left out (src/settings/useDeferredSettings.ts).
 */
export default function TriageSearchPage() {
  const complete = useDeferredSettings();
  const hydrated = useHydrated();
  const { settings } = useSettings();
  // The server draws the search as new (it cannot see the tab's last search); hydrated, the
  // screen starts again with it, so hydration matches the server's HTML.
  if (complete) return <SymptomSearchScreen key={hydrated ? 'live' : 'drawn'} restore={hydrated} />;
  return (
    <>
      <ClinicHeader clinic={settings.clinic} />
      <h1>What do you need help with?</h1>
      <Loading message={LOADING_MESSAGES.preparingInformation} />
    </>
  );
}

/** `restore`: show the tab's last search again (not while hydrating the server's HTML). */
function SymptomSearchScreen({ restore }: { restore: boolean }) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const flow = useFlowState(triageFlow);
  const { library, engine } = useMemo(
    () => triageSearch(settings.patientApp.triageMapping, settings.patientApp.triageMappingSearch),
    [settings.patientApp.triageMapping, settings.patientApp.triageMappingSearch],
  );
  // The patient's sex at birth, once known (back from their details): pathways for the other sex are not offered.
  const sexAtBirth = flow.patient?.sexAtBirth;
  const lastSearch = restore ? flow.lastSearch : undefined;
  const [text, setText] = useState(() => lastSearch ?? '');
  const [searched, setSearched] = useState<{ term: string; outcome: SearchOutcome } | undefined>(() =>
    lastSearch ? { term: lastSearch, outcome: engine.search(lastSearch, { sexAtBirth }) } : undefined,
  );
  // Focus goes to the emergency card after a search, not when the page is shown again.
  const [searchedNow, setSearchedNow] = useState(false);

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
  const nonSpecificId = library.nonSpecific?.guidelineId ?? DEFAULT_NON_SPECIFIC_ID;
  // Words that match the emergency phrase list: the emergency card comes first, above any result.
  const emergencies = useMemo(() => (searched ? searchEmergencies(searched.term) : []), [searched]);

  return (
    <>
      <ClinicHeader clinic={settings.clinic} />
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
          <SearchResults prompt={searchPrompt(searched?.outcome, sexAtBirth)} matches={matches} similar={similar} term={term} />
          <h2 className="nhsuk-heading-m">{NON_SPECIFIC_LABEL}</h2>
          <p>
            <Link to={patientDetailsLink(nonSpecificId, 'NON_SPECIFIC', term, shownIds)} data-testid="non-specific">
              Ask the practice about something else
            </Link>
          </p>
          <AllOptions entries={library.entries} term={term} />
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
