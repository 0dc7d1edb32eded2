// The `pattern` of every field of a document runs on text a patient types, on the server, in the
// one thread every other patient's request waits for. A pattern that can backtrack without bound
// (`^([a-zA-Z0-9]+\s?)*$`: 27 letters and a "!" took 10 s) would let one anonymous request freeze
// the service, so such a document is refused wherever documents are checked (schemas:check, start,
// Reload), and a pattern runs only on values within the field's maxLength (renderer/core).
import { isSafe } from 'redos-detector';

/** Work the analysis may do on one pattern; past it the pattern cannot be shown safe and is refused. */
const ANALYSIS = { maxSteps: 5_000, timeout: 2_000 } as const;

/** The longest value a field with a pattern may accept (its maxLength): the bound on the pattern's input. */
const MAX_PATTERN_INPUT = 10_000;

const verdicts = new Map<string, string | undefined>();

/**
 * Why `pattern` could run for longer than linear time on some input (undefined when it cannot).
 * redos-detector walks every way the backtracking engine could match the same text; a pattern it
 * cannot bound within ANALYSIS is refused too (the author can always write a simpler one).
 */
function unsafePatternReason(pattern: string): string | undefined {
  if (verdicts.has(pattern)) return verdicts.get(pattern);
  let reason: string | undefined;
  let regex: RegExp | undefined;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    regex = undefined; // not a regular expression at all: the document checks say so on their own
  }
  if (regex) {
    const result = isSafe(regex, ANALYSIS);
    if (!result.safe) {
      reason =
        result.error === 'hitMaxScore'
          ? 'can take exponential time on some inputs: part of it can match the same text in more than one way (e.g. a repeated group whose content repeats, like (a+)+ or ([a-z]+\\s?)*)'
          : 'is too complex to show that it runs in linear time';
      reason = `pattern ${JSON.stringify(pattern)} ${reason}; one request could freeze the service. Rewrite it so that each character can be matched in only one way, e.g. ^[a-zA-Z0-9]+(\\s[a-zA-Z0-9]+)*\\s?$`;
    }
  }
  if (verdicts.size < 10_000) verdicts.set(pattern, reason);
  return reason;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Problems of every field schema with a pattern, anywhere in the document (a form's schema, every
 * section of a pathway): a pattern that can backtrack super-linearly, and a pattern without a
 * maxLength (its input would have no bound). A field schema is an object with a `type` beside its
 * `pattern` (an error message keyed "pattern" in x-error or ui:errors is text, not a schema).
 */
export function patternProblems(doc: unknown): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, at: string, depth: number) => {
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 200) return;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${at}/${i}`, depth + 1));
      return;
    }
    const o = value as Record<string, unknown>;
    if (typeof o.pattern === 'string' && 'type' in o) {
      const reason = unsafePatternReason(o.pattern);
      if (reason) out.push({ path: `${at}/pattern`, message: reason });
      if (typeof o.maxLength !== 'number' || o.maxLength > MAX_PATTERN_INPUT) {
        out.push({
          path: at,
          message: `a field with a pattern needs a maxLength of at most ${MAX_PATTERN_INPUT} (the pattern is tested only on answers within it)`,
        });
      }
    }
    for (const [k, v] of Object.entries(o)) walk(v, `${at}/${escapePointer(k)}`, depth + 1);
  };
  walk(doc, '', 0);
  return out;
}
