import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ENGINE_PATHS, engineUrl, type Execution } from '../../api/engine';
import { SETTINGS_PATHS } from '../../api/settings';
import { triageLibrary } from '../../search/triageMapping';
import { withDefaults } from '../../settings/useSettings';
import type { Selection, TriageFlowState } from '../guideline/journey';

/**
 * The questionnaire's section drawn on the server (docs/architecture.md "Server-rendered first
 * screens"). The tab's flow lives in sessionStorage, which the server cannot read, so the address
 * names the execution as well as the section (`?section=<id>&execution=<id>`); the server reads
 * that execution from the engine under the browser's own cookies (an execution answers only the
 * browser holding the key that started it, and staff), and the page carries it in its data block
 * under this key. Another browser's key, or none, gets the engine's 404 and so today's page.
 */
export const DRAWN_SECTION_KEY = '#questionnaire';

/** The address's name for the execution the questionnaire page shows. */
export const EXECUTION_PARAM = 'execution';

const QUESTIONNAIRE_PATH = '/triage/questionnaire';

/** What the page carries: the engine's answer, and the pathway's name for "Selected option". */
export interface DrawnSection {
  execution: Execution;
  label: string;
}

/** The questionnaire's query for a section of an execution (each section is a history entry). */
export function questionnaireSearch(sectionId: string, executionId: string | undefined): string {
  const query = new URLSearchParams({ section: sectionId, ...(executionId ? { [EXECUTION_PARAM]: executionId } : {}) });
  return `?${query.toString()}`;
}

/** Execution ids are the engine's UUIDs; anything else is not asked for. */
const EXECUTION_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * On the server: the section the address names, read from the engine as the browser would
 * (`fetchJson` sends the request's cookies), when that execution is under way and its current
 * section is the one named; else undefined (the page is drawn as before, and the app asks itself).
 * The pathway's name comes from the settings' symptom list, as the details step names it; a
 * pathway not in it is left to the app (the "Selected option" line would appear late and move
 * the page).
 */
export async function loadDrawnSection(
  url: string,
  fetchJson: (path: string) => Promise<unknown>,
  answers: Readonly<Record<string, unknown>>,
): Promise<DrawnSection | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const id = searchParams.get(EXECUTION_PARAM);
  const sectionId = searchParams.get('section');
  if (pathname !== QUESTIONNAIRE_PATH || !id || !sectionId || !EXECUTION_ID.test(id)) return undefined;
  const patientApp = withDefaults('patientApp', answers[SETTINGS_PATHS.patientApp]);
  const library = triageLibrary(patientApp.triageMapping);
  let execution: Execution;
  try {
    // The path the app itself would ask (proxyOn: the proxy unless the practice turns it off).
    execution = (await fetchJson(engineUrl(ENGINE_PATHS.execution(id), patientApp.useProxy !== false))) as Execution;
  } catch {
    return undefined;
  }
  if (execution.identifier !== id || execution.status !== 'IN_PROGRESS' || execution.section?.id !== sectionId) return undefined;
  const entry = [...library.entries, ...(library.nonSpecific ? [library.nonSpecific] : [])].find((e) => e.guidelineId === execution.guidelineId);
  return entry ? { execution, label: entry.label } : undefined;
}

/** The section the page was drawn with, when the address still names it (the block stays for the tab's life). */
export function useDrawnSection(): DrawnSection | undefined {
  const { fallback } = useSWRConfig();
  const [search] = useSearchParams();
  const drawn = (fallback as Record<string, unknown> | undefined)?.[DRAWN_SECTION_KEY] as DrawnSection | undefined;
  if (!drawn?.execution?.section) return undefined;
  return drawn.execution.identifier === search.get(EXECUTION_PARAM) && drawn.execution.section.id === search.get('section') ? drawn : undefined;
}

/**
 * The flow the server draws from, and the browser while it hydrates that HTML: the drawn
 * execution, nothing typed yet (drafts live in the tab and arrive once it is hydrated).
 */
export function drawnFlow(drawn: DrawnSection): TriageFlowState {
  const selection: Selection = {
    guidelineId: drawn.execution.guidelineId,
    kind: 'triage',
    label: drawn.label,
    searchType: 'MAIN',
    searchTerm: '',
    searchMatches: [],
  };
  return { drafts: {}, labels: {}, executionId: drawn.execution.identifier, execution: drawn.execution, selection };
}
