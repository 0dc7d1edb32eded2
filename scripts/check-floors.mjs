// `npm run check:floors`: the repository's import floors are one-way (docs/architecture.md,
// "Layers and arrows"). Fails, naming the file and the import, on any arrow that runs back up a
// floor or across to a neighbour it may not see, and on any file-level import cycle.
//
// Unlike the ESLint rule `boundaries/no-import-cycles`, type-only imports count here: a type
// arrow that runs back up a floor still ties the lower floor to the upper one (it cannot be
// moved, built or reasoned about alone), even though the arrow vanishes at build time.
//
// Imports are read with the TypeScript parser (static imports, re-exports and `import('…')`),
// relative specifiers only: nothing in the repository imports it by package name.
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveImport } from './eslint-no-cycle.mjs';

/**
 * The floors, lowest first. A file belongs to the zone whose folder (or file) is the longest
 * prefix of its path; it may import its own zone and the zones in `may`, nothing else.
 * `renderer/core` is the bottom: it runs in the browser and on the server alike. `generated/`
 * types its form documents with renderer/core's FormDocument. `common/` (the practice's shared
 * rules) sees only generated/; the React side of the renderer sees only renderer/core. In
 * server/, the store is the bottom floor, the server's own modules stand on it, then the
 * services several routes share, then the routes, then the app that registers them. src/ and
 * server/ never see each other, and server/ never sees scripts/.
 */
const FLOORS = [
  { zone: 'renderer/core', paths: ['renderer/core'], may: [] },
  { zone: 'generated', paths: ['generated'], may: ['renderer/core'] },
  { zone: 'renderer', paths: ['renderer'], may: ['renderer/core'] },
  { zone: 'common', paths: ['common'], may: ['generated'] },
  { zone: 'src', paths: ['src'], may: ['renderer', 'renderer/core', 'generated', 'common'] },
  { zone: 'server/store', paths: ['server/store'], may: ['renderer/core', 'generated', 'common'] },
  { zone: 'server', paths: ['server'], may: ['server/store', 'renderer/core', 'generated', 'common'] },
  { zone: 'server/services', paths: ['server/services'], may: ['server', 'server/store', 'renderer/core', 'generated', 'common'] },
  {
    zone: 'server/routes',
    paths: ['server/routes'],
    may: ['server/services', 'server', 'server/store', 'renderer/core', 'generated', 'common'],
  },
  {
    zone: 'server/app',
    paths: ['server/app.ts', 'server/main.ts'],
    may: ['server/routes', 'server/services', 'server', 'server/store', 'renderer/core', 'generated', 'common'],
  },
];

/** Zones above every floor: they may import anything below, and nothing imports them. */
const TOP = ['scripts', 'bench', 'tests'];
const TOP_MAY = ['src', ...FLOORS.map((f) => f.zone), ...TOP];
const ALL_ZONES = [...FLOORS, ...TOP.map((zone) => ({ zone, paths: [zone], may: TOP_MAY }))];

const SOURCE = /\.(m?[jt]sx?|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-e2e', '.git']);

/** The zone of a repository-relative path (forward slashes), or undefined outside every zone. */
export function zoneOf(relPath) {
  let best;
  for (const z of ALL_ZONES) {
    for (const p of z.paths) {
      if ((relPath === p || relPath.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = { zone: z, length: p.length };
    }
  }
  return best?.zone;
}

/** Relative specifiers a file imports: `{ specifier, typeOnly }`, type-only ones included. */
function importsInText(fileName, text) {
  const kind = /\.tsx$/.test(fileName) ? ts.ScriptKind.TSX : /\.m?[jc]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const out = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      out.push({ specifier: node.moduleSpecifier.text, typeOnly, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      out.push({ specifier: node.arguments[0].text, typeOnly: false, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((i) => i.specifier.startsWith('.'));
}

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (SOURCE.test(entry.name)) files.push(path.join(dir, entry.name));
    }
  };
  for (const z of ALL_ZONES) {
    for (const p of z.paths) {
      const full = path.join(root, p);
      if (SOURCE.test(p)) files.push(full);
      else {
        try {
          walk(full);
        } catch {
          // A zone the tree does not have (a fixture tree holds only a few).
        }
      }
    }
  }
  return [...new Set(files)];
}

/** The import graph of the tree under `root`: file → [{ target, specifier, typeOnly, line }]. */
function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // Gone since the folder was listed (another process's scratch file).
    }
    const edges = [];
    for (const i of importsInText(file, text)) {
      const target = resolveImport(file, i.specifier);
      if (target && target !== file) edges.push({ ...i, target });
    }
    graph.set(file, edges);
  }
  return graph;
}

const rel = (root, f) => path.relative(root, f).split(path.sep).join('/');

/** Imports that run back up a floor or across to a zone the importing file may not see. */
function backArrows(root, graph) {
  const found = [];
  for (const [file, edges] of graph) {
    const from = zoneOf(rel(root, file));
    if (!from) continue;
    for (const e of edges) {
      const to = zoneOf(rel(root, e.target));
      if (!to || to === from || from.may.includes(to.zone)) continue;
      found.push({ file: rel(root, file), line: e.line, specifier: e.specifier, typeOnly: e.typeOnly, from: from.zone, to: to.zone });
    }
  }
  return found;
}

/** Every file-level cycle (strongly connected group of files), each as one concrete loop. */
function importCycles(root, graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  // Tarjan's algorithm, iterative: the import chains of a real tree are deeper than a comfortable stack.
  for (const start of graph.keys()) {
    if (indices.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const edges = graph.get(top.node) ?? [];
      if (top.next < edges.length) {
        const target = edges[top.next++].target;
        if (!graph.has(target)) continue;
        if (!indices.has(target)) {
          indices.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(top.node, Math.min(low.get(top.node), indices.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(top.node)));
      }
      if (low.get(top.node) === indices.get(top.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        if (group.length > 1) groups.push(group);
      }
    }
  }
  return groups.map((group) => loopThrough(root, graph, new Set(group)));
}

/** One loop inside a strongly connected group, from its first file back to it, with each step's import. */
function loopThrough(root, graph, members) {
  const first = [...members].sort()[0];
  const previous = new Map([[first, undefined]]);
  const queue = [first];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const e of graph.get(file) ?? []) {
      if (!members.has(e.target)) continue;
      if (e.target === first) {
        const steps = [{ file: rel(root, file), line: e.line, specifier: e.specifier, typeOnly: e.typeOnly }];
        for (let at = previous.get(file); at; at = previous.get(at.from))
          steps.unshift({ file: rel(root, at.from), line: at.edge.line, specifier: at.edge.specifier, typeOnly: at.edge.typeOnly });
        return { files: members.size, steps };
      }
      if (!previous.has(e.target)) {
        previous.set(e.target, { from: file, edge: e });
        queue.push(e.target);
      }
    }
  }
  return { files: members.size, steps: [] };
}

/** Everything wrong with the tree under `root`, as lines to print (empty when the floors hold). */
export function checkFloors(root) {
  const graph = importGraph(root);
  const problems = [];
  for (const a of backArrows(root, graph)) {
    problems.push(`${a.file}:${a.line}: ${a.from} must not import ${a.to} ("${a.specifier}"${a.typeOnly ? ', type-only' : ''})`);
  }
  for (const c of importCycles(root, graph)) {
    const loop = c.steps.map((s) => `${s.file}:${s.line} imports "${s.specifier}"${s.typeOnly ? ' (type-only)' : ''}`).join(' → ');
    problems.push(`import cycle through ${c.files} files: ${loop}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkFloors(root);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\ncheck:floors: ${problems.length} problem(s). The floors, lowest first: ${FLOORS.map((f) => f.zone).join(' < ')} (src/ beside server/, never importing each other; scripts/, bench/ and tests/ above all). docs/architecture.md, "Layers and arrows".`,
    );
    process.exit(1);
  }
  console.log('check:floors: every import runs down a floor and no file imports itself back.');
}
