// Bounds on a document before it is parsed: every patient is served the form documents, and a
// deeply nested one overflows the stack of whatever walks it (the parser, the checks, ajv). A
// refusal names the file and, for depth, the JSON path where the nesting goes too deep.

/** The largest document accepted, in bytes of UTF-8 (the biggest pathway is well under 200 KB). */
const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** The deepest nesting of objects and arrays accepted (the documents use under 30). */
export const MAX_DOCUMENT_DEPTH = 100;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Why the text cannot be a document, before parsing it: too large, or nested deeper than
 * MAX_DOCUMENT_DEPTH (found by one pass over the text that skips strings, so it costs no stack).
 */
export function documentLimitProblem(text: string): { path: string; message: string } | undefined {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_DOCUMENT_BYTES) {
    return { path: '', message: `the document is ${(bytes / 1024 / 1024).toFixed(1)} MB: a document may be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB` };
  }
  // Each open container and the key (or index) of the value being read in it.
  const stack: Array<{ array: boolean; key: string | number }> = [];
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      lastString = text.slice(i + 1, j);
      i = j;
    } else if (c === ':') {
      const top = stack[stack.length - 1];
      if (top && !top.array) top.key = lastString;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.key = Number(top.key) + 1;
    } else if (c === '{' || c === '[') {
      if (stack.length >= MAX_DOCUMENT_DEPTH) {
        const at = stack.map((s) => `/${escapePointer(String(s.key))}`).join('');
        return {
          path: at,
          message: `nested more than ${MAX_DOCUMENT_DEPTH} levels deep: a document may nest objects and lists at most ${MAX_DOCUMENT_DEPTH} deep`,
        };
      }
      stack.push({ array: c === '[', key: c === '[' ? 0 : '' });
    } else if (c === '}' || c === ']') {
      stack.pop();
    }
  }
  return undefined;
}
