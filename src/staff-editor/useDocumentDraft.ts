// The editor's draft: the document's source from the server, the text being typed, its saving
// and checking after a quiet pause, and publishing or discarding it. The draft is kept on the
// server for this staff person, so closing the tab loses nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CodeEditorHandle } from './CodeEditor';
import { checkText, discardDraft, loadSource, publish, saveDraft, type DocumentKind, type DocumentSource, type Problem } from '../api/editor';

/** How long typing pauses before the draft is saved and checked. */
const QUIET_MS = 600;

export type Saved = { state: 'saved'; at: string } | { state: 'unsaved' } | { state: 'none' } | { state: 'failed'; message: string };
export type Published = { version: number; unchanged: boolean };

export function useDocumentDraft(kind: DocumentKind | undefined, id: string) {
  const [source, setSource] = useState<DocumentSource | { error: string }>();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState<Saved>({ state: 'none' });
  const [note, setNote] = useState('');
  const [published, setPublished] = useState<Published>();
  const [refusal, setRefusal] = useState<string>();
  const editor = useRef<CodeEditorHandle>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    loadSource(kind, id).then(
      (s) => {
        if (!live) return;
        setSource(s);
        setText(s.draft?.text ?? s.live?.text ?? s.refusedFile ?? '');
        setSaved(s.draft ? { state: 'saved', at: s.draft.updatedAt } : { state: 'none' });
      },
      (error: unknown) => live && setSource({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [kind, id]);

  const runCheck = useCallback(
    async (value: string) => {
      if (!kind) return;
      setProblems(await checkText(kind, id, value));
      setChecked(true);
    },
    [kind, id],
  );

  const onChange = useCallback(
    (value: string) => {
      setText(value);
      setSaved({ state: 'unsaved' });
      setPublished(undefined);
      setRefusal(undefined);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (!kind) return;
        saveDraft(kind, id, value).then(
          (at) => setSaved({ state: 'saved', at }),
          (error: unknown) => setSaved({ state: 'failed', message: String(error) }),
        );
        void runCheck(value).catch(() => undefined);
      }, QUIET_MS);
    },
    [kind, id, runCheck],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const onPublish = async () => {
    if (!kind) return;
    clearTimeout(timer.current);
    const answer = await publish(kind, id, text, note);
    if (answer.ok) {
      setPublished({ version: answer.version, unchanged: answer.unchanged });
      setProblems([]);
      setNote('');
      setSaved({ state: 'none' });
      setSource(await loadSource(kind, id));
    } else {
      setProblems(answer.problems);
      setRefusal(answer.message);
    }
  };
  const onDiscard = async () => {
    if (!kind) return;
    clearTimeout(timer.current);
    await discardDraft(kind, id);
    const fresh = await loadSource(kind, id);
    setSource(fresh);
    const back = fresh.live?.text ?? fresh.refusedFile ?? '';
    editor.current?.replace(back);
    setText(back);
    setSaved({ state: 'none' });
    setProblems([]);
  };

  return { source, text, problems, checked, saved, note, setNote, published, refusal, editor, runCheck, onChange, onPublish, onDiscard };
}
