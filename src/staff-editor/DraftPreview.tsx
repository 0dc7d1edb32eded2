// "Preview draft": the patient's view of the unsaved text. A form is drawn by the real renderer
// with its live data and the payload Send would submit (the staff preview's component). A pathway
// is walked as the live one is on its preview page (the same component): any section answered as
// a patient would, an example chosen to fill its patient and answers, and the engine's answer for
// the draft as it stands — nothing is published or stored. Its examples' outcomes are also checked
// as you type (a failing example is a problem at its line).
import { useCallback, useEffect, useState } from 'react';
import type { FormDocument } from '../../renderer/index';
import type { Pathway } from '../../generated/types/questionnaire';
import { walkDraft, type DraftWalk, type PathwayPreviewRequest } from '../api/index';
import { Loading, LOADING_MESSAGES } from '../components/Loading';
import { Preview } from '../staff-preview/FormPreview';
import { PathwayWalk } from '../staff-preview/PathwayWalk';

/** How long typing pauses before the draft is walked afresh. */
const QUIET_MS = 400;

export function DraftPreview({ kind, id, doc, text }: { kind: 'form' | 'pathway'; id: string; doc: unknown; text: string }) {
  if (kind === 'form') {
    const form = doc as FormDocument;
    if (!form || typeof form !== 'object' || !Array.isArray(form.pages) || !form.schema) return <p>The draft is not a form document yet.</p>;
    return (
      <>
        <h3>{form.title}</h3>
        <Preview entryKey={`draft:${id}`} doc={form} version={0} />
      </>
    );
  }
  return <PathwayDraft id={id} text={text} />;
}

function PathwayDraft({ id, text }: { id: string; text: string }) {
  /** The last walk of the draft's text (`for`): the document drawn, and the text its answers are asked for. */
  const [walk, setWalk] = useState<{ for: string; answer: DraftWalk<Pathway> }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      walkDraft<Pathway>(id, text).then(
        (answer) => {
          if (!live) return;
          setFailed(false);
          setWalk({ for: text, answer });
        },
        () => live && setFailed(true),
      );
    }, QUIET_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, text]);
  const walked = walk?.for;
  const preview = useCallback(
    async (body: PathwayPreviewRequest) => {
      const answer = await walkDraft<Pathway>(id, walked ?? '', body);
      if (!answer.ok || !answer.answer) throw new Error(answer.ok ? 'No answer' : answer.message);
      return answer.answer;
    },
    [id, walked],
  );
  if (failed) return <p className="nhsuk-error-message">The draft could not be walked: the server did not answer. Change the text to try again.</p>;
  if (!walk) return <Loading message={LOADING_MESSAGES.preparingQuestions} />;
  if (!walk.answer.ok) return <p data-testid="draft-walk-problem">{walk.answer.message}</p>;
  const pathway = walk.answer.document;
  return (
    <div data-testid="draft-walk">
      <h3>{pathway.label ?? id}</h3>
      <p>
        The draft as the engine would run it (shared sections included). Answer any section as a patient would, or choose an example to fill its patient and
        answers; the panel shows what the engine gives for this draft and whether the example ends as it says. Nothing is published or stored.
      </p>
      <PathwayWalk pathway={pathway} preview={preview} />
    </div>
  );
}
