import { compileSheet, encodePlan } from 'beasties/compiler';
import type { CriticalCssPlanFile } from './criticalCss.js';

/**
 * The build's style sheet compiled into beasties' plan (vite.config.ts writes it beside the
 * server-side bundle; server/criticalCss.ts inlines each drawn page's own rules from it). Token
 * presence only (`exact: false`): a rule is kept when its selector's classes, tags, ids and
 * attribute names all occur in the page, which keeps a few rules too many and never drops one the
 * page needs. A build step only: the compiler brings PostCSS, which the server does not load.
 */
export function compileCriticalCssPlan(css: string, href: string): CriticalCssPlanFile {
  return { href, plan: encodePlan(compileSheet(css, { href, exact: false })) };
}
