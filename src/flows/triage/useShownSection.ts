import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ExecutionSection } from '../../api/engine';
import { usePageTitle } from '../../shell/usePageTitle';
import type { TriageFlowState } from '../guideline/journey';

/**
 * The page title of a section: the engine numbers sections as they are shown and does not know
 * how many are left. A section holds several questions, so it is a page, not "question N".
 */
function sectionTitle(label: string | undefined, number: number): string {
  return label ? `${label} — page ${number}` : `Questionnaire — page ${number}`;
}

/**
 * Which section is on screen: the one the address names (`?section=<id>`) when it was answered
 * before, else the engine's current one; the page title follows it.
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
  // The address names the section on screen: a section not (or no longer) answered shows the current one.
  useEffect(() => {
    if (!inProgress || !current || earlier || wanted === current.id) return;
    setSearch({ section: current.id }, { replace: true });
  }, [inProgress, current, earlier, wanted, setSearch]);
  return { earlier, shown };
}
