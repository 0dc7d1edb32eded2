// An execution as every engine call on it answers (the contract's GuidelineExecution): the
// current section with its form document and items, and every answer so far as observations.
import type { GuidelineExecution } from '../../generated/types/api/engine-execution';
import { toObservations } from '../../renderer/core/index';
import type { ExecutionRecord } from './executionRows.js';
import type { LoadedPathway } from './library.js';

/** Every stored answer as observations, section order. */
export function responseDataOf(p: LoadedPathway, rec: ExecutionRecord): GuidelineExecution['responseData'] {
  const out: GuidelineExecution['responseData'] = [];
  for (const sid of rec.state.path) {
    const s = p.sectionById.get(sid);
    const answers = rec.state.answers[sid];
    if (s && answers) out.push(...toObservations({ id: sid, document: s.document }, answers));
  }
  return out;
}

export function executionView(p: LoadedPathway, rec: ExecutionRecord): GuidelineExecution {
  const current = rec.status === 'IN_PROGRESS' ? p.sectionById.get(rec.state.path[rec.state.path.length - 1] ?? '') : undefined;
  return {
    identifier: rec.id,
    guidelineId: rec.guidelineId,
    version: rec.state.version,
    status: rec.status,
    customData: rec.state.customData,
    recommendations: rec.state.recommendations,
    requiredData: current ? current.items : [],
    section: current
      ? {
          id: current.section.id,
          number: rec.state.path.length,
          title: current.document.title,
          document: current.document,
          parameters: { ...rec.state.params },
          answers: rec.state.answers[current.section.id] ?? {},
        }
      : null,
    responseData: responseDataOf(p, rec),
    ...(rec.state.feedback ? { feedback: rec.state.feedback } : {}),
  };
}
