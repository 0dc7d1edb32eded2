import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import purgeCss from '@fullhuman/postcss-purgecss';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { CRITICAL_CSS_PLAN_FILE } from './server/criticalCss';
import { compileCriticalCssPlan } from './server/criticalCssPlan';

const root = path.dirname(fileURLToPath(import.meta.url));

// The API the dev server talks to: `npm run dev` starts it on API_PORT (default 8081).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;
const proxied = ['/api', '/nhs-login', '/postcode', '/practice', '/signout'];

/** Text files worth compressing; images such as PNG and fonts such as woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * The folders of the nhsuk-react-components the app imports (Footer -> components/navigation/footer), read
 * from the imports themselves so a newly used component keeps its classes without a change here.
 * Only those: the whole library names every component's classes and kept most of the sheet.
 */
function reactComponentFolders(): string[] {
  const names = new Set<string>();
  for (const dir of ['src', 'renderer']) {
    for (const file of filesUnder(path.join(root, dir)).filter((f) => /\.tsx?$/.test(f))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'nhsuk-react-components'/g)) {
        for (const part of m[1]!.split(',')) {
          const name = part
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0]!;
          if (name) names.add(name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase());
        }
      }
    }
  }
  return [...names].map((kebab) => `node_modules/nhsuk-react-components/dist/esm/components/*/${kebab}/**/*.js`);
}

/**
 * The built style sheet keeps only the design system's rules for classes the code names: the whole
 * of NHS.UK frontend is 280 kB (24 kB brotli) on every first screen, most of it components and
 * variants no page draws. A class is kept when its name appears in any source file of the app, the
 * renderer, the server's own pages, or a document under schemas/ (documents name no classes: the
 * renderer draws every widget with its own markup, so a form published at run time needs nothing
 * more); names the code builds at run time are kept by pattern. tests/e2e/production-bundle.e2e.test.ts
 * checks that every class on the main screens that the full design system styles is still styled.
 */
const CSS_PURGE = {
  content: [
    'src/**/*.{ts,tsx,css,scss}',
    'renderer/**/*.{ts,tsx}',
    'server/**/*.ts',
    'common/**/*.ts',
    'schemas/**/*.json',
    'index.html',
    ...reactComponentFolders(),
  ].map((glob) => path.join(root, glob)),
  safelist: {
    standard: [
      // Spacing, width and typography utilities: small, and chosen by configurers and content.
      /^nhsuk-u-/,
      /^nhsuk-grid-column-/,
      // Built at run time: `${base}--error` (renderer/ui/widgets/widgetParts.ts), input widths, tag
      // colours, and nhsuk-react-components' variants (`nhsuk-card--care--${cardType}`, sizes, icons).
      /--error$/,
      /^nhsuk-input--width-/,
      /^nhsuk-tag--/,
      /^nhsuk-card--care/,
      /^nhsuk-body-/,
      /^nhsuk-(fieldset__legend|label)--/,
      /^nhsuk-icon--/,
      /^nhsuk-table__(caption|cell|header)--/,
    ],
  },
  // Custom properties, keyframes and font faces are kept whole (cheap, and referenced indirectly).
  variables: false,
  keyframes: false,
  fontFace: false,
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * After the build: source maps leave dist/ (kept in build-sourcemaps/<out dir>/ for debugging, never served),
 * and every text file gets a .br and a .gz twin that the server sends as they are
 * (@fastify/static `preCompressed`, see docs/operations.md "Serving and speed on a phone").
 */
function shipPlugin(): Plugin {
  let dist = path.join(root, 'dist');
  let ssr = false;
  return {
    name: 'gp-ship',
    apply: 'build',
    configResolved(config) {
      // dist/ for npm start, dist-e2e/ for the e2e build (scripts/app-build.mjs).
      dist = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server-side bundle (serverEntry below) is read by the server, never sent.
      if (ssr) return;
      const maps = path.join(root, 'build-sourcemaps', path.basename(dist));
      rmSync(maps, { recursive: true, force: true });
      for (const file of filesUnder(dist)) {
        if (file.startsWith(path.join(dist, SSR_DIR) + path.sep)) continue;
        if (file.endsWith('.map')) {
          const target = path.join(maps, path.relative(dist, file));
          mkdirSync(path.dirname(target), { recursive: true });
          renameSync(file, target);
          continue;
        }
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 256) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The server-side bundle's folder inside the build (server/appPage.ts reads `ssr/entry-server.js`; server/app.ts never serves it). */
const SSR_DIR = 'ssr';

/**
 * After the app's build, the server's: src/entry-server.tsx built for Node into <out dir>/ssr/
 * (same mode, same aliases, every dependency bundled in), so the server draws the first screen
 * with the very components the browser hydrates (docs/architecture.md "Server-rendered
 * first screens"). One `vite build` makes both, so npm start and the e2e build need nothing else.
 */
function serverEntry(): Plugin {
  let dist = path.join(root, 'dist');
  let mode = 'production';
  let ssr = false;
  return {
    name: 'gp-server-entry',
    apply: 'build',
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      if (ssr) return;
      const { build } = await import('vite');
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        mode,
        logLevel: 'warn',
        // Minified as the app is: no source comment survives into the build (scripts/check-no-preview.mjs reads all of it).
        build: { ssr: 'src/entry-server.tsx', outDir: path.join(dist, SSR_DIR), emptyOutDir: true, sourcemap: false, copyPublicDir: false, minify: true },
        ssr: { noExternal: true },
        // Bundled in, React picks its build by process.env.NODE_ENV when the server runs, which
        // nothing sets there: without this the server drew pages with React's development build
        // (several times slower, a CPU profile showed).
        define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
      });
      writeCriticalCssPlan(path.join(dist, SSR_DIR), bundle);
    },
  };
}

/** The style sheet compiled for the server's critical CSS (server/criticalCssPlan.ts), beside the server-side bundle. */
function writeCriticalCssPlan(ssrDir: string, bundle: Rolldown.OutputBundle): void {
  const sheets = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
  // One sheet (cssCodeSplit: false); anything else is a build this step does not know how to read.
  if (sheets.length !== 1) throw new Error(`expected one style sheet in the build for the critical CSS plan, found ${sheets.length}`);
  const sheet = sheets[0] as Rolldown.OutputAsset;
  writeFileSync(path.join(ssrDir, CRITICAL_CSS_PLAN_FILE), JSON.stringify(compileCriticalCssPlan(String(sheet.source), `/${sheet.fileName}`)));
}

const REACT_COMPONENTS = `${path.sep}node_modules${path.sep}nhsuk-react-components${path.sep}dist${path.sep}esm${path.sep}components${path.sep}`;

/**
 * nhsuk-react-components loads NHS.UK frontend's script for a component (the header's menu, a
 * button's double-click guard) with `import('nhsuk-frontend')` once the component is on screen:
 * the package's whole bundle, every component's script, for each page. This resolves that import,
 * made from a component's own file (…/header/Header.js), to that component's module in
 * nhsuk-frontend (…/components/header/header.mjs), which exports the same class: a page loads the
 * scripts of the components it shows (docs/operations.md "Serving and speed on a phone"). Any other
 * importer gets the package as published.
 */
function nhsukFrontendPerComponent(): Plugin {
  return {
    name: 'gp-nhsuk-frontend-per-component',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      // Only the dynamic import: the same files' bare `import 'nhsuk-frontend'` is side-effect free and dropped.
      const kind = (options as { kind?: string }).kind;
      if (source !== 'nhsuk-frontend' || kind !== 'dynamic-import' || !importer?.includes(REACT_COMPONENTS)) return null;
      const kebab = path
        .basename(importer, '.js')
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .toLowerCase();
      const candidate = path.join(root, 'node_modules/nhsuk-frontend/dist/nhsuk/components', kebab, `${kebab}.mjs`);
      return existsSync(candidate) ? candidate : null;
    },
  };
}

const REACT_ROUTER_BUILD = `${path.sep}node_modules${path.sep}react-router${path.sep}dist${path.sep}production${path.sep}`;

/**
 * Lets the bundler drop the parts of React Router the app never uses. Its build sets
 * `Link.displayName = "Link"` (and the same on NavLink, Form, ScrollRestoration, its contexts…)
 * beside each component, and makes Link, NavLink and Form with an unmarked `React.forwardRef(…)`:
 * both count as side effects, so NavLink, Form and all they call (form submission, fetchers,
 * prefetching for framework mode) stayed in the first download although nothing imports them.
 * The names only serve React's developer tools; forwardRef has no side effect.
 * docs/operations.md "Serving and speed on a phone".
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'gp-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!id.includes(REACT_ROUTER_BUILD)) return null;
      return {
        code: code.replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '').replace(/= (React[0-9]*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef('),
        map: null,
      };
    },
  };
}

/** The screen most visits open first: its chunk is fetched beside the entry (see homeScreenPreload). */
const HOME_SCREEN = path.join(root, 'src/pages/HomePage.tsx');

/**
 * Adds `<link rel="modulepreload">` to index.html for the home screen's chunk and the chunks it
 * imports, so the browser fetches them with the entry instead of after the app has started (a
 * deep link to another page fetches this ~2 kB for nothing). docs/operations.md "Serving and speed on a phone".
 */
function homeScreenPreload(): Plugin {
  let base = '/';
  return {
    name: 'gp-home-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const home = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === HOME_SCREEN);
        if (!home || home.type !== 'chunk') throw new Error('homeScreenPreload: no chunk for src/pages/HomePage.tsx');
        const already = new Set([entry.fileName, ...entry.imports]);
        const files = [home.fileName, ...home.imports].filter((file) => !already.has(file));
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

const API_MODULE = /[\\/]src[\\/]api[\\/]/;
/** The API modules the first screen calls (the settings, the login check, the client under them). */
const START_API = /[\\/]src[\\/]api[\\/](index|client|send|timeout|settings|login)\.ts$/;

/**
 * How the browser's build is cut into files. Every module the entry imports statically goes
 * into one chunk with it: left to the bundler, the entry's graph was split wherever a lazy screen
 * shared a module (React, swr, the settings, the api, classnames…), 15 small chunks, each a
 * request before the first paint (18 in all on home). Every page loads the entry's graph anyway,
 * so no page loads more; the screens keep their own chunks.
 *
 * src/api/ holds no code that runs on import (only paths and functions), and is said so: the
 * shell imports the settings calls through src/api/index.ts, whose re-exports otherwise made
 * every area (appointments, the editor, the engine: ~1.5 kB brotli) part of the first download;
 * they stay with the screens that call them. docs/operations.md "Serving and speed on a phone".
 */
const CLIENT_CHUNKS = {
  treeshake: { moduleSideEffects: [{ test: API_MODULE, sideEffects: false }] },
  output: {
    // A lazy chunk's file is named by its hash alone. The entry lists every lazy chunk's file for
    // its preloads (about 120 names): the screen names in them were 600 bytes of the home page's
    // brotli, and its JavaScript budget is 90 kB. A chunk's source map (build-sourcemaps/) still
    // names its modules.
    chunkFileNames: 'assets/[hash].js',
    codeSplitting: {
      groups: [{ name: 'start', tags: ['$initial' as const], test: (id: string) => !API_MODULE.test(id) || START_API.test(id) }],
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), nhsukFrontendPerComponent(), reactRouterTreeShaking(), homeScreenPreload(), serverEntry(), shipPlugin()],
  resolve: {
    // react-router's package exports point every bundler at its development build (dev warnings,
    // invariant messages); the build ships the production one it publishes beside it.
    // flexsearch's default bundle carries its worker, which builds code with Function() (refused
    // by the CSP, and no chunk may contain it); its compact build has the Index, Encoder and
    // Charset the symptom search uses, without the worker, at half the size.
    alias: [
      { find: /^flexsearch$/, replacement: path.join(root, 'node_modules/flexsearch/dist/flexsearch.compact.module.min.js') },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    // Inlined assets become data: URLs, which the strict CSP (default-src 'self') refuses.
    assetsInlineLimit: 0,
    // One style sheet, in the head: the server draws a screen's HTML before its script chunk
    // loads, and a screen's own CSS split out with that chunk arrived after the HTML had painted
    // (the admin menu's, CLS 0.54 in bench:web). The split-out sheets were under 1 kB brotli in all.
    cssCodeSplit: false,
    // Maps are written for debugging but moved out of dist/ (shipPlugin): nothing serves them.
    sourcemap: 'hidden',
    // The browser's build only: the server's bundle (src/entry-server.tsx) is one file for Node.
    ...(isSsrBuild ? {} : { rolldownOptions: CLIENT_CHUNKS }),
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  css: {
    ...(command === 'build' ? { postcss: { plugins: [purgeCss(CSS_PURGE)] } } : {}),
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin'] },
    },
  },
}));
