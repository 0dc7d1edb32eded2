// Bench page: our SchemaForm on a generated form. By default with the app's NHS stylesheet, as
// shipped; `&css=0` leaves it out, so the page is styled like the rjsf page (not at all);
// `&css=nohas` (an experiment) drops the stylesheet's `:has()` rules before the first render;
// `&css=cv` adds `content-visibility: auto` to every field group. `&shape=nested` draws the
// form of 20 groups and a 50-item "add another" list (bench/generate.ts nestedForms) instead.
// The bench script runs these variants only when BENCH_RENDERERS names them.
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { SchemaForm } from '../renderer/index';
import { nestedForms, ourDocument } from './generate';
import { installBench, markFirstRender, sizeFromUrl } from './measure';

const bench = installBench();
const query = new URLSearchParams(location.search);
const nested = query.get('shape') === 'nested' ? nestedForms() : undefined;
const generated = nested?.doc ?? ourDocument(sizeFromUrl());
// `&req=0` (an experiment): no required fields, so the form draws no "Questions marked with an
// asterisk" paragraph before the first field.
const doc = query.get('req') === '0' ? { ...generated, schema: { ...generated.schema, required: [] } } : generated;
const css = query.get('css');
const styled = css !== '0';

/** Deletes every style rule whose selector uses :has() (to measure what those rules cost). */
function dropHasRules(): number {
  let dropped = 0;
  const sweep = (list: CSSRuleList) => {
    for (let i = list.length - 1; i >= 0; i -= 1) {
      const rule = list[i];
      if (rule instanceof CSSStyleRule && rule.selectorText.includes(':has(')) {
        dropped += 1;
        const kept = rule.selectorText.split(/,(?![^(]*\))/).filter((s) => !s.includes(':has('));
        if (kept.length === 0) ((rule.parentRule as CSSGroupingRule | null) ?? rule.parentStyleSheet)?.deleteRule(i);
        else rule.selectorText = kept.join(',');
      } else if (rule instanceof CSSGroupingRule) sweep(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) sweep(sheet.cssRules);
  return dropped;
}

function Page() {
  useLayoutEffect(() => markFirstRender(bench), []);
  return <SchemaForm doc={doc} initialData={nested?.data} onSubmit={() => undefined} />;
}

async function main() {
  if (styled) await import('../src/styles/app.scss');
  if (css === 'nohas') bench.marks.hasRulesDropped = dropHasRules();
  // `&css=cv` (an experiment): off-screen field groups skip style, layout and paint.
  if (css === 'cv') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.app-schema-form form > .nhsuk-form-group { content-visibility: auto; contain-intrinsic-size: auto 160px; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<Page />);
}

void main();
