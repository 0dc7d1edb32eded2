import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createProcessor, type CompactPlan } from 'beasties/runtime';
import { WHOLE_STYLE_SHEET_ATTRIBUTE } from '../common/pageStyle.js';

/**
 * The first screen's CSS inline: a page drawn on the server carries, in a `<style>` in its head,
 * the rules of the build's style sheet that can apply to its own elements (beasties' runtime over
 * a plan the build compiled from the sheet: vite.config.ts writes it beside the server-side
 * bundle). The sheet itself still loads at once, but held back (`media="print"`) until the app's
 * script switches it on (src/shell/wholeStyleSheet.ts), so it holds back neither the first paint
 * nor the script; without scripts a `<noscript>` copy applies it. On a slow phone the page paints
 * from its HTML alone: no round trip for the sheet, and about a fifth of its rules to parse and
 * match. (Left at the end of the body instead, the sheet arrived while the page was still being
 * parsed on a slow CPU, and parsing it and matching it against the whole page came before the
 * first paint: `npm run bench:web` measured that slower than the sheet in the head, under load.)
 * The inline rules are a subset of the sheet in the sheet's own order, so the page looks the same
 * before and after the sheet applies (tests/e2e/critical-css.e2e.test.ts compares screenshots);
 * the strict CSP allows that one `<style>` by its hash (server/security.ts).
 * docs/architecture.md "The first screen's CSS inline".
 */

/** The plan's file inside the build's server-side folder (never served: server/appPages.ts). */
export const CRITICAL_CSS_PLAN_FILE = 'critical-css.json';

/** What the build writes: the sheet's address as index.html names it, and beasties' plan of it. */
export interface CriticalCssPlanFile {
  href: string;
  plan: CompactPlan;
}

export interface CriticalCss {
  /**
   * The page with its critical rules inline and its sheet held back; undefined when nothing applies
   * (the page is sent as it is). A page without patient data (`personal` false) is the same for
   * every visitor: its answer is kept (the last 16), never a patient's.
   */
  inline(page: string, personal: boolean): { page: string; styleHash: string } | undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads the build's plan, if it has one (a build before this, or the dev server's pages, have
 * none: the page keeps its sheet in the head). `log` hears why a plan is not used.
 */
export function openCriticalCss(ssrDir: string, log?: (message: string) => void): CriticalCss | undefined {
  const file = path.join(ssrDir, CRITICAL_CSS_PLAN_FILE);
  if (!existsSync(file)) return undefined;
  let planFile: CriticalCssPlanFile;
  try {
    planFile = JSON.parse(readFileSync(file, 'utf8')) as CriticalCssPlanFile;
  } catch (error) {
    log?.(`${file} is not readable JSON (${error instanceof Error ? error.message : String(error)}): pages keep their style sheet in the head`);
    return undefined;
  }
  // beasties finds its sheet by this <link>; the page's own copy of the tag is what is held back.
  const link = new RegExp(`<link rel="stylesheet"(?: crossorigin)? href="${escapeRegExp(planFile.href)}"\\s*/?>`);
  // Critical CSS is kept per shape of page (the set of tags, classes, ids and attributes it has):
  // a page drawn again for another visitor costs one scan of its HTML.
  const processor = createProcessor([planFile.plan], { keyframes: 'critical', cache: { maxSize: 64 } });
  const inline = (page: string) => {
    const tag = link.exec(page)?.[0];
    const head = page.indexOf('</head>');
    if (!tag || head < 0 || page.indexOf(tag) > head) return undefined;
    const { css } = processor.extract(page);
    // A rule that could close the element early is never put in it (the sheet's own text: not expected).
    if (!css || /<\/style/i.test(css)) return undefined;
    const styleHash = createHash('sha256').update(css).digest('base64');
    // The inline rules first, the sheet after them: with both applied, every rule stands where
    // it stands in the sheet alone. Held back (print) for a browser that runs the app's script,
    // which switches it on; a browser without scripts reads the <noscript> copy.
    const heldBack = tag.replace('rel="stylesheet"', `rel="stylesheet" media="print" ${WHOLE_STYLE_SHEET_ATTRIBUTE}`);
    return { page: page.replace(tag, `<style>${css}</style>\n    ${heldBack}\n    <noscript>${tag}</noscript>`), styleHash };
  };
  const kept = new Map<string, { page: string; styleHash: string } | undefined>();
  return {
    inline(page, personal) {
      if (personal) return inline(page);
      if (kept.has(page)) return kept.get(page);
      const result = inline(page);
      if (kept.size >= 16) kept.delete(kept.keys().next().value!);
      kept.set(page, result);
      return result;
    },
  };
}
