// Pages: every field on exactly one page, and the conditions of the content blocks.
import { isPlainObject } from '../text';
import type { CheckConditions } from './conditions';
import { esc, type CheckContext } from './context';

export function checkPages({ doc, fieldNames, isField, add, notAField }: CheckContext, checkConditions: CheckConditions): void {
  const placed = new Map<string, string>();
  if (!Array.isArray(doc.pages)) add('/pages', 'pages must be a list; every field appears on exactly one page');
  else
    doc.pages.forEach((page, i) => {
      const base = `/pages/${i}`;
      if (!isPlainObject(page)) {
        add(base, 'a page must be an object { title, fields }');
        return;
      }
      if (typeof page.title !== 'string') add(`${base}/title`, 'a page needs a title');
      if (!Array.isArray(page.fields)) add(`${base}/fields`, 'a page needs a list of fields');
      else
        page.fields.forEach((f, j) => {
          const p = `${base}/fields/${j}`;
          if (!isField(f)) add(p, notAField(f));
          else if (placed.has(f)) add(p, `"${f}" is named twice (also at ${placed.get(f)})`);
          else placed.set(f, p);
        });
      for (const where of ['content', 'contentAfter']) {
        const blocks = page[where];
        if (blocks === undefined) continue;
        if (!Array.isArray(blocks)) {
          add(`${base}/${where}`, 'must be a list of content blocks');
          continue;
        }
        blocks.forEach((b, k) => {
          if (!isPlainObject(b)) add(`${base}/${where}/${k}`, 'a content block must be an object { kind, text }');
          else checkConditions(b.enableWhen, `${base}/${where}/${k}/enableWhen`, b.enableBehavior, `${base}/${where}/${k}/enableBehavior`);
        });
      }
    });
  if (Array.isArray(doc.pages)) {
    for (const f of fieldNames) if (!placed.has(f)) add(`/schema/properties/${esc(f)}`, `"${f}" is on no page`);
  }
}
