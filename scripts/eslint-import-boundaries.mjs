// ESLint rule `boundaries/import-boundaries`: keeps the arrows between the layers
// (README.md and docs/architecture.md, "Layers and arrows", describe them).
//   renderer/       imports nothing from src/, server/, generated/, schemas/ (it is a library;
//                   documents reach it as data, never as imports)
//   renderer/core/  imports no React (nor rjsf, nor the NHS React components) and nothing
//                   from the rest of renderer/: it must run in Node for the server
//   src/            never imports server/ (nor Node-only server libraries), nor tests/, and
//                   reaches the renderer only through its public entry files
//                   (renderer/index.ts, renderer/core/index.ts, renderer/ui/index.ts)
//   server/         imports renderer/core only, through renderer/core/index.ts, never the React
//                   side of renderer/ nor src/
//   server/routes/  a route file never imports another route file (only routes/index.ts
//                   registers them): what routes share lives in server/services/
//   src/flows/<feature>/  never imports another feature folder: what two features share lives
//                   in a shared folder (src/flows/guideline for the guideline journey, src/flows/*.ts,
//                   src/components…), with no exceptions. A module that composes several features
//                   (a route serving two flows) lives in src/routing.
import path from 'node:path';
import noImportCycles from './eslint-no-cycle.mjs';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const REACT_PACKAGES = /^(react|react-dom|@rjsf\/core|nhsuk-react-components)(\/|$)/;
const SERVER_PACKAGES = /^(fastify|@fastify\/|better-sqlite3|node:)/;
/**
 * The renderer's public entry files; anything else inside renderer/ is private to it.
 * renderer/ui/WidgetsProvider is one on its own so that the app shell (in the first chunk) can
 * pass the app's widgets without pulling the whole renderer into that chunk.
 */
export const RENDERER_ENTRIES = ['renderer/index', 'renderer/core/index', 'renderer/ui/index', 'renderer/ui/WidgetsProvider'];
const isRendererEntry = (target) => {
  const bare = target.replace(/\.(ts|tsx|js|mjs)$/, '');
  return RENDERER_ENTRIES.some((entry) => bare === entry || `${bare}/index` === entry);
};

/** Folders under src/flows that hold what several features share (not a feature themselves). */
export const SHARED_FLOW_FOLDERS = ['guideline'];
const featureOf = (p) => /^src\/flows\/([^/]+)\/./.exec(p)?.[1];

/** Returns a message when `fromFile` may not import `specifier`, else undefined. */
export function boundaryViolation(fromFile, specifier) {
  const from = path.relative(repoRoot, path.resolve(fromFile)).split(path.sep).join('/');
  const isRelative = specifier.startsWith('.') || specifier.startsWith('/');
  const target = isRelative
    ? path
        .relative(repoRoot, path.resolve(path.dirname(path.resolve(fromFile)), specifier))
        .split(path.sep)
        .join('/')
    : undefined;
  const inside = (p, dir) => p === dir || p.startsWith(`${dir}/`);

  if (inside(from, 'renderer')) {
    if (target && ['src', 'server', 'generated', 'schemas', 'common'].some((d) => inside(target, d))) {
      return `renderer/ must not import from ${target.split('/')[0]}/ ("${specifier}"): the renderer knows nothing of the app.`;
    }
    if (inside(from, 'renderer/core')) {
      if (target && inside(target, 'renderer') && !inside(target, 'renderer/core')) {
        return `renderer/core must not import the React side of the renderer ("${specifier}").`;
      }
      if (!isRelative && REACT_PACKAGES.test(specifier)) {
        return `renderer/core must not import React ("${specifier}"): it runs in Node on the server.`;
      }
    }
  }
  if (inside(from, 'common')) {
    if (target && ['src', 'server', 'renderer', 'tests', 'scripts'].some((d) => inside(target, d))) {
      return `common/ must not import from ${target.split('/')[0]}/ ("${specifier}"): the shared rules are pure TypeScript that the browser and the server both import.`;
    }
    if (!isRelative && (REACT_PACKAGES.test(specifier) || SERVER_PACKAGES.test(specifier))) {
      return `common/ must not import "${specifier}": no DOM, no React, no Node APIs in the shared rules.`;
    }
  }
  if (inside(from, 'server') && target && inside(target, 'scripts')) {
    return `server/ must not import from scripts/ ("${specifier}"): what both need belongs in server/ or common/.`;
  }
  if (inside(from, 'src')) {
    if (target && inside(target, 'server')) return `src/ must not import from server/ ("${specifier}").`;
    if (target && inside(target, 'tests')) return `src/ must not import from tests/ ("${specifier}"): shared documents live in schemas/.`;
    if (target && inside(target, 'renderer') && !isRendererEntry(target)) {
      return `src/ may import the renderer only through ${RENDERER_ENTRIES.map((e) => `${e}.ts`).join(', ')}, not "${specifier}".`;
    }
    if (!isRelative && SERVER_PACKAGES.test(specifier)) return `src/ must not import server-only "${specifier}".`;
    const fromFeature = featureOf(from);
    const toFeature = target && featureOf(target);
    if (fromFeature && toFeature && fromFeature !== toFeature && !SHARED_FLOW_FOLDERS.includes(toFeature)) {
      return `src/flows/${fromFeature} must not import another feature (src/flows/${toFeature}, "${specifier}"): move what both use to a shared folder (src/flows/guideline, src/flows/*.ts, src/components…).`;
    }
  }
  if (inside(from, 'server')) {
    if (target && inside(target, 'src')) return `server/ must not import from src/ ("${specifier}").`;
    if (target && inside(target, 'renderer') && !inside(target, 'renderer/core')) {
      return `server/ may import only renderer/core, not "${specifier}".`;
    }
    if (target && inside(target, 'renderer/core') && target.replace(/\.(ts|js)$/, '') !== 'renderer/core/index') {
      return `server/ imports renderer/core only through renderer/core/index.ts, not "${specifier}".`;
    }
    const routeFile = (f) => /^server\/routes\/[^/]+$/.test(f) && f.replace(/\.(ts|js)$/, '') !== 'server/routes/index';
    if (target && routeFile(from) && routeFile(target)) {
      return `a route file must not import another route file ("${specifier}"): shared services live in server/services/.`;
    }
  }
  return undefined;
}

const rule = {
  meta: { type: 'problem', docs: { description: 'Enforce the import arrows between renderer/, src/, server/ and generated/' }, schema: [] },
  create(context) {
    const filename = context.filename;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const message = boundaryViolation(filename, source.value);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
    };
  },
};

export default { rules: { 'import-boundaries': rule, 'no-import-cycles': noImportCycles } };
