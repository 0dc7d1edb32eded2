// The staff editor's text area: CodeMirror 6 (JSON language, bracket matching, undo history,
// search, lint gutter). Loaded only on the editor page (React.lazy), never in the patient app.
// Problems come from the server's checker (the same checks as a Reload) and are marked at their
// line; completion comes from the meta-schema (./schemaCompletion.ts). The CSP holds (style-src
// 'self', no inline <style>): the editor lives in a shadow root, where CodeMirror styles itself
// through constructed style sheets (adoptedStyleSheets) instead of a <style> element.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, indentOnInput } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import FORM_META from '../../schemas/meta/form-document.schema.json';
import QUESTIONNAIRE_META from '../../schemas/meta/questionnaire.schema.json';
import type { DocumentKind, Problem } from '../api/editor';
import { schemaCompletion, type SchemaFiles } from './schemaCompletion';

const FILES: SchemaFiles = {
  'form-document.schema.json': FORM_META as Record<string, unknown>,
  'questionnaire.schema.json': QUESTIONNAIRE_META as Record<string, unknown>,
};

export interface CodeEditorHandle {
  /** Moves the cursor to a line (and column) and focuses the editor. */
  goTo(line: number, column?: number): void;
  /** Replaces the whole text (a discarded draft). */
  replace(text: string): void;
}

interface Props {
  kind: DocumentKind;
  initialText: string;
  problems: readonly Problem[];
  /** The editor's accessible name (a label outside the shadow root cannot name it). */
  label: string;
  onChange(text: string): void;
}

const theme = EditorView.theme({
  '&': { border: '2px solid #4c6272', fontSize: '15px', backgroundColor: '#ffffff' },
  '&.cm-focused': { outline: '3px solid #ffeb3b', boxShadow: 'inset 0 0 0 2px #212b32' },
  // No inner scrolling: the editor grows with its text and the page scrolls (a scrolling region
  // would need a focus stop of its own).
  '.cm-scroller': { fontFamily: 'monospace', minHeight: '12em' },
  '.cm-gutters': { backgroundColor: '#f0f4f5', color: '#4c6272' },
  // CodeMirror draws the lint marks as data: images, which the CSP (img-src 'self') refuses: ours are CSS.
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy #d5281b' },
  '.cm-lint-marker-error': { content: 'none', width: '0.8em', height: '0.8em', borderRadius: '50%', backgroundColor: '#d5281b' },
});

function diagnostics(view: EditorView, problems: readonly Problem[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.map((p) => {
    const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
    const from = Math.min(line.from + Math.max(p.column - 1, 0), line.to);
    return { from, to: line.to > from ? line.to : from, severity: 'error', message: `${p.path || '(document)'}: ${p.message}` };
  });
}

const CodeEditor = forwardRef<CodeEditorHandle, Props>(function CodeEditor({ kind, initialText, problems, label, onChange }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const state = EditorState.create({
      doc: initialText,
      extensions: [
        lineNumbers(),
        foldGutter(),
        lintGutter(),
        history(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        json(),
        autocompletion({ override: [schemaCompletion(FILES, kind === 'form' ? 'form-document.schema.json' : 'questionnaire.schema.json')] }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
        EditorView.lineWrapping,
        theme,
        EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'code-editor' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const v = new EditorView({ state, parent: shadow, root: shadow });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is made once per document; later text comes from typing (or replace()).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, diagnostics(v, problems)));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    goTo(line, column = 1) {
      const v = view.current;
      if (!v) return;
      const l = v.state.doc.line(Math.min(Math.max(line, 1), v.state.doc.lines));
      const pos = Math.min(l.from + column - 1, l.to);
      v.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      v.focus();
    },
    replace(text) {
      const v = view.current;
      if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
    },
  }));

  return <div ref={host} className="app-code-editor" />;
});

export default CodeEditor;
