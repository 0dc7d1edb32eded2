// JSON with the position of a syntax error on every Node version. Node 20's JSON.parse names no
// position for an unexpected character ("Unexpected token '“', … is not valid JSON"), which is
// exactly what a pasted curly quote produces; @humanwhocodes/momoa (strict JSON, no
// dependencies) is asked where the error is whenever JSON.parse's message does not say.
import { parse as momoaParse } from '@humanwhocodes/momoa';

export type JsonParse = { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string };

const CURLY = /[\u201c\u201d\u2018\u2019]/;

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

function cleanJsonMessage(message: string): string {
  return message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/\s*(?:in JSON )?at position \d+.*$/, '')
    .replace(/^Unexpected end of JSON input$/, 'unexpected end of file (a closing bracket or quote is missing)');
}

/** Where momoa stops, as { line, column, offset }, or undefined when it parses. */
function momoaPosition(text: string): { line: number; column: number; offset: number; message: string } | undefined {
  try {
    momoaParse(text, { mode: 'json' });
    return undefined;
  } catch (err) {
    const e = err as { line?: unknown; column?: unknown; offset?: unknown; message?: string };
    if (typeof e.line !== 'number' || typeof e.column !== 'number') return undefined;
    return {
      line: e.line,
      column: e.column,
      offset: typeof e.offset === 'number' ? e.offset : 0,
      message: String(e.message ?? '').replace(/\s*\(\d+:\d+\)$/, ''),
    };
  }
}

/** Parses `text` as JSON; on a syntax error says where (line, column) and what, in a configurer's words. */
export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const raw = (err as Error).message;
    const lc = /line (\d+) column (\d+)/.exec(raw);
    const pos = /at position (\d+)/.exec(raw);
    let where: { line: number; column: number } | undefined = lc
      ? { line: Number(lc[1]), column: Number(lc[2]) }
      : pos
        ? lineColumn(text, Number(pos[1]))
        : undefined;
    let message = cleanJsonMessage(raw);
    const m = momoaPosition(text);
    if (!where) {
      if (m) {
        where = { line: m.line, column: m.column };
        message = m.message || message;
      } else where = lineColumn(text, text.length);
    }
    if (/^Unexpected token '.*' is not valid JSON$/s.test(message) || message.includes('is not valid JSON')) message = m?.message || 'not valid JSON';
    const at = m && m.line === where.line && m.column === where.column ? text[m.offset] : undefined;
    if ((at && CURLY.test(at)) || (!at && /^Unexpected character '[\u201c\u201d\u2018\u2019]'/.test(message))) {
      message = `a curly quote ${at ?? ''} — JSON needs straight double quotes ("), often lost when text is pasted from a word processor`.replace('  ', ' ');
    }
    return { ok: false, ...where, message };
  }
}
