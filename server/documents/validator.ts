// Compiles a form document's schema to an ajv standalone validator module (ESM). codegen writes
// them to generated/validators/ for the build; the server compiles the documents it serves and
// answers them at /api/v1/documents/validators/<hash>.js (server/routes/documents.ts).
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { structureOf, type FormDocument } from '../../renderer/core/index';

export const CUSTOM_KEYWORDS = ['x-date', 'x-age', 'x-yearRange'] as const;
export const FORMATS = ['email', 'uk-phone', 'uk-postcode', 'date', 'time', 'date-time'] as const;

/** Ajv's runtime helpers, inlined so that a validator imports nothing (ESM, browser, temp dirs). */
const RUNTIME: Record<string, string> = {
  ucs2length: 'function (str) { let n = 0; for (const _c of str) n++; return n; }',
  equal: [
    'function equal(a, b) {',
    '  if (a === b) return true;',
    '  if (a && b && typeof a == "object" && typeof b == "object") {',
    '    if (Array.isArray(a) !== Array.isArray(b)) return false;',
    '    const ka = Object.keys(a), kb = Object.keys(b);',
    '    if (ka.length !== kb.length) return false;',
    '    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));',
    '  }',
    '  return a !== a && b !== b;',
    '}',
  ].join('\n'),
};

export function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true } });
  // Annotation-only: renderer/core checks these (and the formats) itself, in both paths.
  for (const keyword of CUSTOM_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'object' });
  for (const format of FORMATS) ajv.addFormat(format, true);
  return ajv;
}

/**
 * The standalone ESM validator of one document's schema, `header` its first line: no imports, no
 * `new Function` or eval, so a browser under `script-src 'self'` can load it as a module. Its
 * default export is a PrecompiledValidator (renderer/core `fromAjvValidator` takes it).
 */
export function standaloneValidator(doc: Pick<FormDocument, 'id' | 'schema'>, header: string): string {
  const ajv = newAjv();
  // renderer/core validates groups by their dotted paths and each list item on its own: a document
  // with groups, lists or $ref is compiled as that flat schema (structureOf), any other as written.
  const st = structureOf(doc as FormDocument);
  const validate = ajv.compile(st.nested ? st.flat.schema : doc.schema);
  let code = standaloneCode(ajv, validate);
  code = code.replace(/const (\w+) = require\("ajv\/dist\/runtime\/(\w+)"\)\.default;/g, (_m, name: string, helper: string) => {
    const impl = RUNTIME[helper];
    if (!impl) throw new Error(`codegen: ajv runtime helper "${helper}" has no inlined version (schema of ${doc.id})`);
    return `const ${name} = ${impl};`;
  });
  if (/\brequire\(/.test(code)) throw new Error(`codegen: the validator of ${doc.id} still requires a module`);
  if (/new Function|\beval\(/.test(code)) throw new Error(`codegen: the validator of ${doc.id} generates code at run time`);
  return `${header}\n${code}\n`;
}
