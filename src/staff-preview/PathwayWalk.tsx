// A pathway walkable from any section, with its examples as presets, the patient's age and sex
// beside it, and what the engine gives for the answers so far. Used by the served pathway's
// preview page and by the editor's draft preview.
import { useEffect, useMemo, useState } from 'react';
import { SchemaForm, type FormData, type FormDocument } from '../../renderer/index';
import type { Pathway, PathwayExample } from '../../generated/types/questionnaire';
import type { PathwayPreviewAnswer, PathwayPreviewRequest } from '../api/index';
import { Outcome } from './PathwayOutcome';

interface DrawnSection {
  id: string;
  document: FormDocument;
}

function drawnSections(doc: Pathway): DrawnSection[] {
  // The server serves the pathway as the engine has it (shared sections expanded).
  return (doc.sections as unknown[]).flatMap((s) => {
    const section = s as { id?: unknown; document?: unknown };
    return typeof section.id === 'string' && section.document && typeof section.document === 'object'
      ? [{ id: section.id, document: section.document as FormDocument }]
      : [];
  });
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

  const section = sections.find((s) => s.id === sectionId) ?? sections[0];
  const params = useMemo(() => ({ patientAge: patient.age, sexAtBirth: patient.sexAtBirth }), [patient]);
  const request = useMemo(() => JSON.stringify({ answers, patient }), [answers, patient]);

  const result = useEnginePreview(preview, request);

  const chooseExample = (name: string) => {
    setExampleName(name);
    const example = examples.find((e) => e.name === name);
    if (!example) return;
    setAnswers({ ...(example.answers as FormData | undefined) });
    setPatient({ age: example.patient.age, sexAtBirth: example.patient.sexAtBirth });
    setAgeText(String(example.patient.age));
    setPreset((n) => n + 1);
  };
  const changeAge = (value: string) => {
    setAgeText(value);
    const age = Number(value);
    if (value.trim() !== '' && Number.isInteger(age) && age >= 0 && age <= 130) setPatient((p) => ({ ...p, age }));
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
          <PatientPanel
            examples={examples}
            exampleName={exampleName}
            onExample={chooseExample}
            ageText={ageText}
            onAge={changeAge}
            patient={patient}
            onSex={(sexAtBirth) => setPatient((p) => ({ ...p, sexAtBirth }))}
            onClear={() => {
              setAnswers({});
              setExampleName('');
              setPreset((n) => n + 1);
            }}
          />
          <Outcome result={result?.for === request ? result : undefined} example={example} />
        </div>
      </div>
    </>
  );
}

type Patient = PathwayPreviewRequest['patient'];

/** The patient beside the walk: an example to fill the answers from, age, sex at birth, and clearing the answers. */
function PatientPanel(props: {
  examples: readonly PathwayExample[];
  exampleName: string;
  onExample(name: string): void;
  ageText: string;
  onAge(text: string): void;
  patient: Patient;
  onSex(sexAtBirth: Patient['sexAtBirth']): void;
  onClear(): void;
}) {
  const { examples, exampleName, onExample, ageText, onAge, patient, onSex, onClear } = props;
  return (
    <>
      <fieldset className="nhsuk-fieldset">
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">The patient</legend>
        {examples.length > 0 ? (
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="preview-example">
              Fill the answers of an example
            </label>
            <select className="nhsuk-select" id="preview-example" value={exampleName} onChange={(e) => onExample(e.target.value)}>
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
          <input className="nhsuk-input nhsuk-input--width-3" id="preview-age" inputMode="numeric" value={ageText} onChange={(e) => onAge(e.target.value)} />
        </div>
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="preview-sex">
            Sex at birth
          </label>
          <select className="nhsuk-select" id="preview-sex" value={patient.sexAtBirth} onChange={(e) => onSex(e.target.value === 'male' ? 'male' : 'female')}>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </select>
        </div>
      </fieldset>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onClear}>
        Clear answers
      </button>
    </>
  );
}

type PreviewResult = { for: string; answer?: PathwayPreviewAnswer; failed?: boolean };

/** What the engine gives for `request` (the answers and patient, as JSON), asked once typing pauses. */
function useEnginePreview(preview: (body: PathwayPreviewRequest) => Promise<PathwayPreviewAnswer>, request: string): PreviewResult | undefined {
  const [result, setResult] = useState<PreviewResult>();
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
  return result;
}
