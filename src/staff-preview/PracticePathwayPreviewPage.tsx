// /practice/forms/preview/pathway/:id (staff only: the server's staff guard stands in front of every
// /practice page). A pathway walkable from any section: pick a section, answer it as a patient
// would (the same renderer), and see what the engine gives for the answers so far — the sections
// it would ask, the outcomes and the urgency tier. The pathway's examples are presets: choosing one
// fills its patient and answers. Questions not answered get the examples' "safe" answers.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Pathway } from '../../generated/types/questionnaire';
import { ApiError, fetchPathwayDocument, previewPathway, type PathwayPreviewRequest, type ServedPathway } from '../api/index';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { usePageTitle } from '../shell/usePageTitle';
import { PathwayWalk } from './PathwayWalk';
import { PreviewBackLink } from './previewLinks';
import './staff-preview.scss';

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
