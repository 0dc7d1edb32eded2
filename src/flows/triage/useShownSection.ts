import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ExecutionSection } from '../../api/engine';
import { usePageTitle } from '../../shell/usePageTitle';
import type { TriageFlowState } from '../guideline/journey';
import { EXECUTION_PARAM, questionnaireSearch } from './drawnSection';

/**
 * The page title of a section: the engine numbers sections as they are shown and does not know
 * how many are left. A section holds several questions, so it is a page, not "question N".
 */
export function sectionTitle(label: string | undefined, number: number): string {
  return label ? `${label} — page ${number}` : `Questionnaire — page ${number}`;
}

/**
 * Which section is on screen: the one the address names (`?section=<id>`) when it was answered
 * before, else the engine's current one; the page title follows it. The address names the
 * execution too (`&execution=<id>`), so the server can draw the section on a reload.
 */
export function useShownSection(flow: TriageFlowState) {
  const execution = flow.execution;
  const inProgress = execution?.status === 'IN_PROGRESS';
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('section');
  const answered = flow.answered ?? [];
  const current = execution?.section ?? undefined;
  // Back to a section answered before: its document and the answers sent, kept in the flow.
  const earlier = wanted && wanted !== current?.id ? answered.find((a) => a.section.id === wanted) : undefined;
  const shown: ExecutionSection | undefined = earlier?.section ?? (inProgress ? current : undefined);
  usePageTitle(shown ? sectionTitle(flow.selection?.label, shown.number) : undefined);
  const named = search.get(EXECUTION_PARAM);
  const executionId = flow.executionId;
  // The address names the section on screen: a section not (or no longer) answered shows the current one.
  useEffect(() => {
    if (!inProgress || !current || earlier || (wanted === current.id && named === (executionId ?? null))) return;
    setSearch(questionnaireSearch(current.id, executionId), { replace: true });
  }, [inProgress, current, earlier, wanted, named, executionId, setSearch]);
  return { earlier, shown };
}
