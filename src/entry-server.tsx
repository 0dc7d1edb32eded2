/**
 * The server's render of a page: the route's React tree, with the practice's settings it
 * needs, drawn to HTML once every lazy screen of the route is in (React's prerender, not streaming:
 * the settings are read in process in well under a millisecond, so the whole page is ready at once
 * and the data block can follow it). vite.config.ts builds this file into the build's ssr/ folder;
 * server/appPage.ts imports it, puts the HTML in the page's #root and the data in a JSON block the
 * app reads at hydration (src/main.tsx), so it asks for none of it again.
 * docs/architecture.md "Server-rendered first screens".
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppRoutes } from './routes';
import { routeForPath } from './routing/routeTable';
import { LOGIN_PATHS, SETTINGS_PATHS } from './api/index';
import { DEFERRED_PARTS, pageReadsDeferredParts, splitDeferred, type DeferredParts } from './settings/firstScreenData';
import { DeferredSettingsLoader } from './settings/deferredSettings';
import { withDefaults } from './settings/useSettings';
import { pageTitle } from './shell/usePageTitle';
import { DRAWN_SECTION_KEY, loadDrawnSection } from './flows/triage/drawnSection';
import { sectionTitle } from './flows/triage/useShownSection';

/**
 * What primeSettings (src/settings/useSettings.ts) would fetch, for this render, from `fetchJson` (the server's
 * own routes): what primeSettings would have in swr's cache, by path. A call that fails is left
 * out: the app asks for it itself.
 */
async function loadStartData(fetchJson: (path: string) => Promise<unknown>): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  const take = async (path: string, as: (answer: unknown) => unknown = (a) => a) => {
    try {
      data[path] = as(await fetchJson(path));
    } catch {
      // left to the app
    }
    return data[path];
  };
  await Promise.all(Object.values(SETTINGS_PATHS).map((path) => take(path)));
  if (withDefaults('shared', data[SETTINGS_PATHS.shared]).nhsLogin?.enabled === true) {
    // As isLoggedIn (src/api/login.ts): only a literal true is signed in.
    if ((await take(LOGIN_PATHS.isLoggedIn, (answer) => answer === true)) === true) await take(LOGIN_PATHS.userInfo);
  }
  return data;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The settings parts a page that does not search leaves out (src/settings/firstScreenData.ts),
 * from the settings as they are now: server/appPageData.ts serves them to the page that asks.
 */
export async function deferredParts(fetchJson: (path: string) => Promise<unknown>): Promise<DeferredParts> {
  const answers: Record<string, unknown> = {};
  await Promise.all(Object.keys(DEFERRED_PARTS).map(async (path) => (answers[path] = await fetchJson(path))));
  return splitDeferred(answers).deferred;
}

/**
 * `url`: the request's path and query. `fetchJson`: the server's answer to a GET of one of its own
 * paths (the settings, the login check, a questionnaire's execution), rejecting when it is not 200.
 * `deferred`: the parts the page's data leaves out (the page is drawn without them, as the browser
 * hydrates it), if any. `personal`: the data holds a patient's answers (no cache may keep the page).
 */
export async function render(
  url: string,
  fetchJson: (path: string) => Promise<unknown>,
): Promise<{
  html: string;
  data: Record<string, unknown>;
  deferred: DeferredParts | undefined;
  title: string | undefined;
  errors: string[];
  personal: boolean;
}> {
  // A part that fails to draw here (it reads the browser's window, say) is left to the browser:
  // React sends its fallback and the app draws that part after hydration. Said, for the log.
  const errors: string[] = [];
  const pathname = new URL(url, 'http://localhost').pathname;
  const answers = await loadStartData(fetchJson);
  const split = pageReadsDeferredParts(pathname) ? undefined : splitDeferred(answers);
  // A questionnaire's section, read under this browser's engine key (src/flows/triage/drawnSection.ts).
  const drawn = await loadDrawnSection(url, fetchJson, answers);
  const data = drawn ? { ...(split?.embedded ?? answers), [DRAWN_SECTION_KEY]: drawn } : (split?.embedded ?? answers);
  const deferred = split && Object.keys(split.deferred).length > 0 ? split.deferred : undefined;
  // Each render has a cache of its own: one patient's answers never reach another's page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SWRConfig value={{ provider: () => new Map(), fallback: data }}>
        {/* The same routes the browser's AppRouter draws (src/main.tsx), at the request's address. */}
        <StaticRouter location={url}>
          <AppRoutes />
          <DeferredSettingsLoader />
        </StaticRouter>
      </SWRConfig>
    </StrictMode>,
    // Every boundary inline, in order: a large one is otherwise sent apart and put in place by an
    // inline script, which the CSP refuses (and a page without script would show its fallback).
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error instanceof Error ? error.message : String(error)) },
  );
  const route = routeForPath(pathname);
  const name = drawn ? sectionTitle(drawn.label, drawn.execution.section!.number) : route?.pageName;
  return { html: await text(prelude), data, deferred, title: name ? pageTitle(name) : undefined, errors, personal: drawn !== undefined };
}
