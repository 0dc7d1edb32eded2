// Every word an outcome carries, in the order the patient reads it: the outcome screen, the
// confirmation and the email all draw this one list, so no word of a recommendation is shown on one
// and lost on the next (docs/architecture.md "Endings by tier").
import { recommendationTier, topTier } from './tiers';

interface AdviceLink {
  label: string;
  url: string;
}

/** One recommendation's words. */
export interface OutcomeWords {
  title: string;
  /** Why: the recommendation's evidence, one sentence each. */
  evidence: string[];
  /** What to do: each management action's text with its links. */
  advice: Array<{ text: string; links: AdviceLink[] }>;
  /** Tests the practice may ask for (a Test action's label). */
  tests: string[];
}

const record = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** Only web links a patient can safely open: https, never script or a protocol-relative address. */
export function isSafeAdviceUrl(url: unknown): url is string {
  return typeof url === 'string' && /^https:\/\/[^/]/.test(url);
}

function links(raw: unknown): AdviceLink[] {
  return items(raw)
    .map(record)
    .filter((l) => text(l.label) !== undefined && isSafeAdviceUrl(l.url))
    .map((l) => ({ label: text(l.label)!, url: String(l.url) }));
}

/**
 * The recommendations the patient's ending speaks for: those of the top tier (the ones that decided
 * it), and with a pharmacy or routine ending the self-care ones too (what to do while waiting).
 * A less urgent recommendation beside an urgent one is left out: "mild cystitis often gets better
 * on its own" or "within 1 working day" beside "a GP needs to speak to you today" would contradict it.
 */
function endingRecommendations(recommendations: readonly unknown[]): unknown[] {
  const top = topTier(recommendations);
  return recommendations.filter((r) => {
    const tier = recommendationTier(r);
    return tier === top || (tier === 'SELF_CARE' && (top === 'PHARMACY' || top === 'ROUTINE'));
  });
}

/** The words of the ending's recommendations (`endingRecommendations`), in the engine's order; a recommendation with no title is skipped. */
export function outcomeWords(recommendations: readonly unknown[]): OutcomeWords[] {
  const out: OutcomeWords[] = [];
  for (const r of endingRecommendations(recommendations).map(record)) {
    const title = text(r.title);
    if (!title) continue;
    const actions = items(r.actions).map(record);
    out.push({
      title,
      evidence: items(r.evidence)
        .map(text)
        .filter((e): e is string => e !== undefined),
      advice: actions.filter((a) => a.type === 'Management' && text(a.text) !== undefined).map((a) => ({ text: text(a.text)!, links: links(a.links) })),
      tests: actions
        .filter((a) => a.type === 'Test')
        .map((a) => text(a.label))
        .filter((l): l is string => l !== undefined),
    });
  }
  return out;
}

/** The words as plain text for an email: paragraphs separated by a blank line, links as "* label: url". */
export function outcomeWordsAsText(words: readonly OutcomeWords[]): string {
  const parts: string[] = [];
  for (const w of words) {
    parts.push(w.title);
    for (const e of w.evidence) parts.push(e);
    for (const a of w.advice) {
      parts.push(a.text);
      if (a.links.length) parts.push(a.links.map((l) => `* ${l.label}: ${l.url}`).join('\n'));
    }
    if (w.tests.length) parts.push(`The practice may ask you for: ${w.tests.join(', ')}.`);
  }
  return parts.join('\n\n');
}
