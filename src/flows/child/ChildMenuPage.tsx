import { SymptomSearchForm } from '../../search/SymptomSearchForm';
import { useMemo } from 'react';
import { EmergencySearchCard } from '../../screening/EmergencySearchCard';
import { searchEmergencies } from '../../screening/phraseList';
import { Navigate, useNavigate } from 'react-router-dom';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useSettings } from '../../settings/useSettings';
import { useDeferredSettings } from '../../settings/useDeferredSettings';
import { EngineErrorPanel } from '../guideline/EngineErrorPanel';
import { clearChildFlow } from './childFlow';
import { useChildFlow } from './useChildGuard';
import { BackLink } from '../../components/BackLink';
import { CHILD_SOMETHING_ELSE_ID, childGuidelines, childSearch } from './childSearch';
import { useChildMenuSearch } from './useChildMenuSearch';
import { useFlowState } from '../flowState';
import { childFlow } from './childFlow';
import { OptionCard, SearchResults, SomethingElse } from './ChildOptions';
import { useStartChildPathway } from './useStartChildPathway';

/**
 * /child-request/menu: "Child request", one option per child pathway with what it is and is not
 * suitable for. Choosing one starts it for the child (the guideline engine, as in a medical
 * request) and opens the questionnaire; sending it from "Send your request?" goes to the child
 * confirmation. Opened from another page of the app, it waits for the child pathways the first
 * page's HTML left out (src/settings/useDeferredSettings.ts).
 */
export default function ChildMenuPage() {
  return useDeferredSettings() ? <ChildMenu /> : <Loading message={LOADING_MESSAGES.preparingInformation} />;
}

function ChildMenu() {
  const child = useChildFlow();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { starting, failure, choose } = useStartChildPathway(child?.flow.patient);
  const flow = useFlowState(childFlow);
  const childAgeNow = child?.age;
  const all = useMemo(() => childGuidelines(settings.shared.childGuidelines, childAgeNow), [settings.shared.childGuidelines, childAgeNow]);
  const engine = useMemo(() => childSearch(all, settings.patientApp.triageMappingSearch), [all, settings.patientApp.triageMappingSearch]);
  // The child's sex at birth (from their details, asked before this menu): pathways for the other sex are not offered.
  const sexAtBirth = child?.flow.patient?.sexAtBirth;
  const { text, setText, searched, searchedNow, submit, matches, similar, prompt } = useChildMenuSearch(engine, sexAtBirth, flow.lastSearch);

  if (!child) return <Navigate to="/" replace />;
  const patient = child.flow.patient;
  if (!patient) return <Navigate to="/child-request/patient-details" replace />;
  const options = all.filter((o) => o.guidelineId !== CHILD_SOMETHING_ELSE_ID);
  const somethingElse = all.find((o) => o.guidelineId === CHILD_SOMETHING_ELSE_ID);

  if (starting) return <Loading message={LOADING_MESSAGES.preparingQuestions} />;

  return (
    <>
      <BackLink fallback="/child-request/patient-details" />
      <h1>Child request</h1>
      <p>Pick the option that looks the best for what the child needs.</p>
      {failure ? <EngineErrorPanel error={failure} actions={[{ label: 'Back to home', onClick: () => void navigate('/') }]} /> : null}
      {all.length === 0 ? (
        <p data-testid="no-child-options">No options found. Please contact the practice.</p>
      ) : (
        <>
          <SymptomSearchForm
            id="child-symptom-search"
            label={"Search for the child's symptom or problem, in your own words"}
            hint="For example: not feeding, high temperature, bumped head, earache"
            value={text}
            onChange={setText}
            onSubmit={submit}
            ariaLabel="Search the child's symptoms"
          />
          {/* Words that may mean an emergency ("not breathing", "floppy") meet 999 / A&E before any result. */}
          <EmergencySearchCard key={searched?.term ?? ''} matches={searched ? searchEmergencies(searched.term) : []} focus={searchedNow} />
          <SearchResults
            prompt={prompt}
            matches={matches}
            similar={similar}
            all={all}
            onChoose={(option, searchType) =>
              void choose(
                option,
                searchType,
                searched?.term ?? '',
                [...matches, ...similar].map((x) => x.entry.guidelineId),
              )
            }
          />
          {somethingElse ? (
            <SomethingElse
              onChoose={() =>
                void choose(
                  somethingElse,
                  'NON_SPECIFIC',
                  searched?.term ?? '',
                  [...matches, ...similar].map((x) => x.entry.guidelineId),
                )
              }
            />
          ) : null}
          <h2 className="nhsuk-heading-m">All options</h2>
          <ul className="nhsuk-list" data-testid="child-options">
            {options.map((option) => (
              <li key={option.guidelineId} className="nhsuk-card">
                <OptionCard option={option} onChoose={() => void choose(option)} headingLevel={3} />
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        onClick={() => {
          void Promise.resolve(navigate('/')).then(clearChildFlow);
        }}
      >
        Cancel
      </button>
    </>
  );
}
