// Where a JSON path (a checker problem's `/schema/properties/x/maxLength`) is in a document's
// text: its line and column, so the staff editor can mark the problem on its line. The deepest
// part of the path the text has is answered (a missing key points at the object that lacks it).
import { parse as momoaParse } from '@humanwhocodes/momoa';
import { parseJson } from './json-parse.js';

interface Loc {
  start: { line: number; column: number };
}
interface Node {
  type: string;
  loc: Loc;
  members?: Array<{ name: { value: string; loc: Loc }; value: Node }>;
  elements?: Array<{ value: Node }>;
  body?: Node;
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A locator of JSON paths in `text`; every path answers line 1 when the text is not JSON. */
export function jsonLocator(text: string): (pointer: string) => { line: number; column: number } {
  let root: Node | undefined;
  try {
    root = (momoaParse(text, { mode: 'json' }) as unknown as Node).body;
  } catch {
    const parsed = parseJson(text);
    const at = parsed.ok ? { line: 1, column: 1 } : { line: parsed.line, column: parsed.column };
    return () => at;
  }
  return (pointer) => {
    let node = root!;
    let loc = node.loc.start;
    for (const raw of pointer.split('/').slice(1)) {
      const segment = unescape(raw);
      if (node.type === 'Object') {
        const member = node.members?.find((m) => m.name.value === segment);
        if (!member) break;
        loc = member.name.loc.start;
        node = member.value;
      } else if (node.type === 'Array' && /^\d+$/.test(segment)) {
        const element = node.elements?.[Number(segment)];
        if (!element) break;
        node = element.value;
        loc = node.loc.start;
      } else break;
    }
    return { line: loc.line, column: loc.column };
  };
}
