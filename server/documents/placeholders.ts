// A `{name}` in a form's content is replaced by the parameter of that name when the page is drawn;
// one the form does not declare under `parameters` would reach patients literally ("{fee}"). The
// checker names each such placeholder with its JSON path and the parameters the form has.
import { objectOrUndefined as obj } from '../json.js';

const PLACEHOLDER = /\{(\w+)\}/g;

function undeclared(text: unknown, declared: ReadonlySet<string>): string[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !declared.has(name));
}

/** Every undeclared placeholder in a form's page content (headings, paragraphs, link texts). */
export function placeholderProblems(doc: unknown): Array<{ path: string; message: string }> {
  const form = obj(doc);
  if (!form || !Array.isArray(form.pages)) return [];
  const declared = new Set(Object.keys(obj(form.parameters) ?? {}));
  const known = declared.size === 0 ? 'it declares no parameters' : `its parameters: ${[...declared].join(', ')}`;
  const problems: Array<{ path: string; message: string }> = [];
  const report = (path: string, text: unknown) => {
    for (const name of undeclared(text, declared))
      problems.push({
        path,
        message: `"{${name}}" is not a parameter of this form, so patients would see it as written: declare it under parameters, or remove the braces (${known})`,
      });
  };
  form.pages.forEach((page, p) => {
    for (const key of ['content', 'contentAfter'] as const) {
      const blocks = obj(page)?.[key];
      if (!Array.isArray(blocks)) continue;
      blocks.forEach((raw, b) => {
        const block = obj(raw);
        if (!block) return;
        const base = `/pages/${p}/${key}/${b}`;
        report(`${base}/heading`, block.heading);
        if (Array.isArray(block.text)) block.text.forEach((t, i) => report(`${base}/text/${i}`, t));
        else report(`${base}/text`, block.text);
        if (Array.isArray(block.links)) block.links.forEach((l, i) => report(`${base}/links/${i}/text`, obj(l)?.text));
      });
    }
  });
  return problems;
}
