import { SymptomSearchForm } from '../../search/SymptomSearchForm';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { EmergencySearchCard } from '../../screening/EmergencySearchCard';
import { searchEmergencies } from '../../screening/phraseList';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { startGuideline, stopExecution, type StartRefusal } from '../../api/engine';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { EngineErrorPanel, errorMessage, isOutOfHours, type EngineErrorState } from '../guideline/EngineErrorPanel';
import { proxyOn, triageFlow, type Selection } from '../guideline/journey';
import { clearChildFlow } from './childFlow';
import { useChildFlow } from './useChildGuard';
import { BackLink } from '../../components/BackLink';
import { type ScoredPathway, type SearchOutcome } from '../../search/symptomSearch';
import { CHILD_SOMETHING_ELSE_ID, childGuidelines, childSearch, type ChildGuideline } from './childSearch';
import { useFlowStore } from '../sessionFlowStore';
import { childFlow } from './childFlow';
import { SEARCH_PROMPTS, otherSexPrompt } from '../../search/searchPrompts';
import { pathwayKind } from '../guideline/pathwayKind';

export { CHILD_SOMETHING_ELSE_ID, childGuidelines, childSearch, type ChildGuideline };

const REFUSALS: readonly StartRefusal[] = ['NOT_AVAILABLE', 'RESTRICTED_BY_AGE', 'RESTRICTED_BY_SEX'];

/**
 * /child-request/menu: "Child request", one option per child pathway with what it is and is not
 * suitable for. Choosing one starts it for the child (the guideline engine, as in a medical
 * request) and opens the questionnaire; sending it from "Send your request?" goes to the child
 * confirmation.
 */
export default function ChildMenuPage() {
  const child = useChildFlow();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const { handleError } = useNotifications();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<EngineErrorState>();
  const useProxy = proxyOn(settings);
  const flow = useFlowStore(childFlow);
  const childAgeNow = child?.age;
  const all = useMemo(() => childGuidelines(settings.shared.childGuidelines, childAgeNow), [settings.shared.childGuidelines, childAgeNow]);
  const engine = useMemo(() => childSearch(all, settings.patientApp.triageMappingSearch), [all, settings.patientApp.triageMappingSearch]);
  const [text, setText] = useState(() => flow.lastSearch ?? '');
  // The child's sex at birth (from their details, asked before this menu): pathways for the other sex are not offered.
  const sexAtBirth = child?.flow.patient?.sexAtBirth;
  const [searched, setSearched] = useState<{ term: string; outcome: SearchOutcome } | undefined>(() =>
    flow.lastSearch ? { term: flow.lastSearch, outcome: engine.search(flow.lastSearch, { sexAtBirth }) } : undefined,
  );
  // Focus the emergency card only after a search the parent just made (not on a reload).
  const [searchedNow, setSearchedNow] = useState(false);

  if (!child) return <Navigate to="/" replace />;
  const patient = child.flow.patient;
  if (!patient) return <Navigate to="/child-request/patient-details" replace />;
  const options = all.filter((o) => o.guidelineId !== CHILD_SOMETHING_ELSE_ID);
  const somethingElse = all.find((o) => o.guidelineId === CHILD_SOMETHING_ELSE_ID);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = text.trim();
    if (term === '') return;
    setSearched({ term, outcome: engine.search(term, { sexAtBirth }) });
    setSearchedNow(true);
    childFlow.set({ lastSearch: term });
  }
  const matches = searched?.outcome.kind === 'results' ? searched.outcome.matches : [];
  const similar = searched?.outcome.kind === 'results' ? searched.outcome.similar : [];
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
            'children',
          )
        : similar.length > 0
          ? SEARCH_PROMPTS.similarOnly
          : SEARCH_PROMPTS.none;
  const byId = (m: ScoredPathway) => all.find((o) => o.guidelineId === m.entry.guidelineId);
  const resultList = (list: ScoredPathway[], testId: string) => (
    <ul className="nhsuk-list" data-testid={testId}>
      {list.map((m) => {
        const option = byId(m);
        return option ? (
          <li key={option.guidelineId} className="nhsuk-card">
            <OptionCard
              option={option}
              onChoose={() =>
                void choose(
                  option,
                  testId === 'child-main-matches' ? 'MAIN' : 'SIMILAR',
                  searched?.term ?? '',
                  [...matches, ...similar].map((x) => x.entry.guidelineId),
                )
              }
              headingLevel={3}
            />
          </li>
        ) : null;
      })}
    </ul>
  );

  async function choose(option: ChildGuideline, searchType: Selection['searchType'] = 'ALL_OPTIONS', searchTerm = '', searchMatches: string[] = []) {
    if (!patient?.sexAtBirth) return;
    const selection: Selection = { guidelineId: option.guidelineId, kind: pathwayKind(option), label: option.label, searchType, searchTerm, searchMatches };
    setFailure(undefined);
    setStarting(true);
    const old = triageFlow.get();
    if (old.executionId && old.execution?.status === 'IN_PROGRESS') await stopExecution(old.executionId, old.useProxy ?? useProxy).catch(() => undefined);
    try {
      const execution = await startGuideline(option.guidelineId, { patient: { dateOfBirth: patient.dateOfBirth, sexAtBirth: patient.sexAtBirth } }, useProxy);
      triageFlow.set({ selection, patient, useProxy, executionId: execution.identifier, execution, drafts: {}, labels: {} });
      await navigate('/triage/questionnaire');
    } catch (error) {
      setStarting(false);
      if (isOutOfHours(error)) {
        handleError(error, { flow: 'medical' });
        return;
      }
      const code = error instanceof ApiError && error.body && typeof error.body === 'object' ? (error.body as { code?: unknown }).code : undefined;
      const refusal = REFUSALS.find((r) => r === code);
      if (refusal) {
        triageFlow.set({ selection, patient, refusal, drafts: {}, labels: {} });
        await navigate('/triage/questionnaire');
        return;
      }
      setFailure({ title: 'Unable to start questionnaire', message: errorMessage(error) });
    }
  }

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
          <div aria-live="polite" data-testid="child-search-results">
            {prompt ? (
              <p className="nhsuk-body" data-testid="child-search-prompt">
                {prompt}
              </p>
            ) : null}
            {matches.length > 0 ? (
              <>
                <h2 className="nhsuk-heading-m">Results</h2>
                {resultList(matches, 'child-main-matches')}
              </>
            ) : null}
            {similar.length > 0 ? (
              <>
                <h2 className="nhsuk-heading-m">Similar matches</h2>
                {resultList(similar, 'child-similar-matches')}
              </>
            ) : null}
          </div>
          {somethingElse ? (
            <>
              <h2 className="nhsuk-heading-m">Can&apos;t find what you&apos;re looking for?</h2>
              <p>
                <button
                  type="button"
                  className="app-link-button"
                  data-testid="child-something-else"
                  onClick={() =>
                    void choose(
                      somethingElse,
                      'NON_SPECIFIC',
                      searched?.term ?? '',
                      [...matches, ...similar].map((x) => x.entry.guidelineId),
                    )
                  }
                >
                  Ask the practice about something else for the child
                </button>
              </p>
            </>
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

/** One child pathway as a card: what it is, what it is and is not suitable for, and Choose. */
function OptionCard({ option, onChoose, headingLevel }: { option: ChildGuideline; onChoose: () => void; headingLevel: 2 | 3 }): ReactNode {
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
