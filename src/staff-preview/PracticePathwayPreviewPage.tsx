// /practice/forms/preview/pathway/:id (staff only: the server's staff guard stands in front of every
// /practice page). A pathway walkable from any section: pick a section, answer it as a patient
// would (the same renderer), and see what the engine gives for the answers so far — the sections
// it would ask, the outcomes and the urgency tier. The pathway's examples are presets: choosing one
// fills its patient and answers. Questions not answered get the examples' "safe" answers.
import { useCallback, useEffect, useMemo, useState } from 'react';
// The inbox's words for each tier, the same table the practice's inbox reads.
import { isTier, PRACTICE_TIER_WORDS } from '../../common';
import { useParams } from 'react-router-dom';
import { SchemaForm, type FormData, type FormDocument } from '../../renderer/index';
import type { Pathway, PathwayExample } from '../../generated/types/questionnaire';
import { ApiError, fetchPathwayDocument, previewPathway, type PathwayPreviewAnswer, type PathwayPreviewRequest, type ServedPathway } from '../api/index';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { usePageTitle } from '../shell/usePageTitle';
import { PreviewBackLink } from './previewLinks';
import './staff-preview.scss';

interface DrawnSection {
  id: string;
  document: FormDocument;
}

const REFUSALS: Readonly<Record<string, string>> = {
  RESTRICTED_BY_AGE: 'Refused: this pathway is not for a patient of this age.',
  RESTRICTED_BY_SEX: 'Refused: this pathway is not for a patient of this sex at birth.',
};

function drawnSections(doc: Pathway): DrawnSection[] {
  // The server serves the pathway as the engine has it (shared sections expanded).
  return (doc.sections as unknown[]).flatMap((s) => {
    const section = s as { id?: unknown; document?: unknown };
    return typeof section.id === 'string' && section.document && typeof section.document === 'object'
      ? [{ id: section.id, document: section.document as FormDocument }]
      : [];
  });
}

type Loaded = { id: string; served: ServedPathway<Pathway> } | { id: string; error: string };

export default function PracticePathwayPreviewPage() {
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchPathwayDocument<Pathway>(id).then(
      (served) => live && setLoaded({ id, served }),
      (error: unknown) =>
        live &&
        setLoaded({
          id,
          error: error instanceof ApiError && error.status === 404 ? `There is no pathway called ${id}.` : 'The pathway could not be loaded. Try again.',
        }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const current = loaded?.id === id ? loaded : undefined;
  usePageTitle(current && 'served' in current ? `Preview: ${current.served.document.label}` : 'Preview');
  return (
    <div className="app-docview">
      <PreviewBackLink />
      {!current ? <Loading message={LOADING_MESSAGES.preparingQuestions} /> : null}
      {current && 'error' in current ? (
        <>
          <h1>The pathway could not be loaded</h1>
          <p>{current.error}</p>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </>
      ) : null}
      {current && 'served' in current ? <LivePathway key={`${id}:${current.served.hash}`} served={current.served} /> : null}
    </div>
  );
}

function LivePathway({ served }: { served: ServedPathway<Pathway> }) {
  const pathway = served.document;
  const preview = useCallback((body: PathwayPreviewRequest) => previewPathway(pathway.guidelineId, body), [pathway.guidelineId]);
  return (
    <>
      <span className="nhsuk-caption-l">Preview of a pathway</span>
      <h1>{pathway.label}</h1>
      <p>
        <code>{pathway.guidelineId}</code>, version {served.version} (<code>{served.hash}</code>). Answer any section as a patient would; the panel shows what
        the engine gives for the answers so far. Questions not answered get the safe answers the pathway&apos;s examples use. Nothing is stored.
      </p>
      <PathwayWalk pathway={pathway} preview={preview} />
    </>
  );
}

/**
 * A pathway walkable from any section, with its examples as presets. `preview` asks the engine
 * (the served pathway's preview call, or the draft's walk in the editor); `pathway` has its shared
 * sections expanded, as the engine runs it.
 */
export function PathwayWalk({ pathway, preview }: { pathway: Pathway; preview(body: PathwayPreviewRequest): Promise<PathwayPreviewAnswer> }) {
  const sections = useMemo(() => drawnSections(pathway), [pathway]);
  const examples: PathwayExample[] = pathway.examples ?? [];
  const [sectionId, setSectionId] = useState(sections[0]?.id ?? '');
  const [answers, setAnswers] = useState<FormData>({});
  const [patient, setPatient] = useState<PathwayPreviewRequest['patient']>({ age: 40, sexAtBirth: 'female' });
  const [ageText, setAgeText] = useState('40');
  const [exampleName, setExampleName] = useState('');
  /** Grows when a preset replaces the answers: the section's form is drawn afresh with them. */
  const [preset, setPreset] = useState(0);
  const [result, setResult] = useState<{ for: string; answer?: PathwayPreviewAnswer; failed?: boolean }>();

  const section = sections.find((s) => s.id === sectionId) ?? sections[0];
  const params = useMemo(() => ({ patientAge: patient.age, sexAtBirth: patient.sexAtBirth }), [patient]);
  const request = useMemo(() => JSON.stringify({ answers, patient }), [answers, patient]);

  useEffect(() => {
    let live = true;
    // Asked once typing pauses, not on every keystroke.
    const timer = setTimeout(() => {
      preview(JSON.parse(request) as PathwayPreviewRequest).then(
        (answer) => live && setResult({ for: request, answer }),
        () => live && setResult({ for: request, failed: true }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [preview, request]);

  const chooseExample = (name: string) => {
    setExampleName(name);
    const example = examples.find((e) => e.name === name);
    if (!example) return;
    setAnswers({ ...(example.answers as FormData | undefined) });
    setPatient({ age: example.patient.age, sexAtBirth: example.patient.sexAtBirth });
    setAgeText(String(example.patient.age));
    setPreset((n) => n + 1);
  };
  const example = examples.find((e) => e.name === exampleName);
  const nextSection = section ? sections[sections.indexOf(section) + 1] : undefined;

  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="preview-section">
              Section
            </label>
            <select className="nhsuk-select" id="preview-section" value={section?.id ?? ''} onChange={(e) => setSectionId(e.target.value)}>
              {sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id}
                  {s.document.pages[0]?.title ? `: ${s.document.pages[0].title}` : ''}
                </option>
              ))}
            </select>
          </div>
          {section ? (
            <SchemaForm
              key={`${section.id}:${preset}`}
              doc={section.document}
              params={params}
              initialData={answers}
              headingLevel={2}
              onChange={(data) => setAnswers((all) => ({ ...all, ...data }))}
              onSubmit={async (pruned) => {
                setAnswers((all) => ({ ...all, ...pruned }));
                if (nextSection) setSectionId(nextSection.id);
              }}
              submitLabel={nextSection ? 'Next section' : 'Done'}
            />
          ) : (
            <p>This pathway has no sections to draw.</p>
          )}
        </div>
        <div className="nhsuk-grid-column-one-third">
          <fieldset className="nhsuk-fieldset">
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">The patient</legend>
            {examples.length > 0 ? (
              <div className="nhsuk-form-group">
                <label className="nhsuk-label" htmlFor="preview-example">
                  Fill the answers of an example
                </label>
                <select className="nhsuk-select" id="preview-example" value={exampleName} onChange={(e) => chooseExample(e.target.value)}>
                  <option value="">None</option>
                  {examples.map((e) => (
                    <option key={e.name} value={e.name}>
                      {e.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="nhsuk-form-group">
              <label className="nhsuk-label" htmlFor="preview-age">
                Age in years
              </label>
              <input
                className="nhsuk-input nhsuk-input--width-3"
                id="preview-age"
                inputMode="numeric"
                value={ageText}
                onChange={(e) => {
                  setAgeText(e.target.value);
                  const age = Number(e.target.value);
                  if (e.target.value.trim() !== '' && Number.isInteger(age) && age >= 0 && age <= 130) setPatient((p) => ({ ...p, age }));
                }}
              />
            </div>
            <div className="nhsuk-form-group">
              <label className="nhsuk-label" htmlFor="preview-sex">
                Sex at birth
              </label>
              <select
                className="nhsuk-select"
                id="preview-sex"
                value={patient.sexAtBirth}
                onChange={(e) => setPatient((p) => ({ ...p, sexAtBirth: e.target.value === 'male' ? 'male' : 'female' }))}
              >
                <option value="female">Female</option>
                <option value="male">Male</option>
              </select>
            </div>
          </fieldset>
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => {
              setAnswers({});
              setExampleName('');
              setPreset((n) => n + 1);
            }}
          >
            Clear answers
          </button>
          <Outcome result={result?.for === request ? result : undefined} example={example} />
        </div>
      </div>
    </>
  );
}

function Outcome({ result, example }: { result: { answer?: PathwayPreviewAnswer; failed?: boolean } | undefined; example: PathwayExample | undefined }) {
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
export function sameIds(expected: readonly string[], got: readonly string[]): boolean {
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
