// ESLint rule `boundaries/no-import-cycles`: no file may reach itself through its imports,
// anywhere in the repository (docs/architecture.md, "Layers and arrows"). A cycle makes the
// load order decide which module sees the other half-initialised (server/db.ts ↔ server/seed.ts
// was one). Type-only imports (`import type`, `export type`) are left out: they vanish when
// the code is built and cannot change what runs first.
//
// The files a file imports are read with a regular expression (relative specifiers only;
// packages cannot import back into the repository); `.js` in a specifier also finds the `.ts`
// file, as TypeScript's NodeNext resolution does.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs', '/index.js'];
const CODE = /\.(m?[jt]sx?)$/;

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names, or undefined (packages, assets, missing files). */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const bases = /\.m?js$/.test(base) ? [base.replace(/\.m?js$/, ''), base] : [base];
  for (const b of bases) {
    for (const ext of EXTENSIONS) {
      const candidate = b + ext;
      if (CODE.test(candidate) && isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

// Runtime imports and re-exports: `import x from '…'`, `import '…'`, `export … from '…'`, `import('…')`.
const IMPORT_RE = /(?:^|[\s;}])(import|export)(\s+type\b)?(?:[\s\S]*?\sfrom\s*|\s*)['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Runtime import specifiers in a file's text (comments removed first). */
export function importSpecifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    if (m[4]) out.push(m[4]);
    else if (!m[2]) out.push(m[3]);
  }
  return out;
}

const cache = new Map();
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtime === mtime) return hit.imports;
  const imports = importSpecifiers(readFileSync(file, 'utf8'))
    .map((s) => resolveImport(file, s))
    .filter((f) => f !== undefined);
  cache.set(file, { mtime, imports });
  return imports;
}

/** The chain of files from `start` back to `target` (both included), or undefined. */
export function pathBack(start, target) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === target) return [...trail, file];
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const next of importsOf(file)) {
      const found = walk(next, [...trail, file]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, []);
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Forbid import cycles between files of the repository' }, schema: [] },
  create(context) {
    const filename = path.resolve(context.filename);
    const root = context.cwd ?? process.cwd();
    const check = (node, source, typeOnly) => {
      if (typeOnly || !source || typeof source.value !== 'string') return;
      const target = resolveImport(filename, source.value);
      if (!target || target === filename) return;
      const chain = pathBack(target, filename);
      if (!chain) return;
      const shown = [filename, ...chain].map((f) => path.relative(root, f).split(path.sep).join('/'));
      context.report({ node, message: `Import cycle: ${shown.join(' → ')}. Move what both need into a module of its own.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined, false),
    };
  },
};

export default rule;
