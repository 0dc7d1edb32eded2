// The advice of a pharmacy or self-care ending, emailed to the patient who accepted it: nothing is
// sent to the practice, so this is the only copy the patient keeps. The words are read from the
// embedded engine's own execution (never from the browser), through the self-help message, and at
// most once per execution; the per-recipient message caps apply as to every message.
import { outcomeWords, outcomeWordsAsText, topTier } from '../common/index.js';
import type { GuidelineEngine } from './engine/engine.js';
import { HttpError } from './errors.js';
import { enqueueNotifications, type QueuedNotification } from './notifications/index.js';
import type { Sql } from './store/index.js';

/** The engine's reading of an execution, as far as this needs it. */
export interface AdviceExecution {
  identifier: string;
  guidelineId: string;
  status: string;
  recommendations: readonly unknown[];
}

const NHS_HOME = 'https://www.nhs.uk/';

/**
 * Queues the advice email of a finished pharmacy or self-care ending. 409 when the execution has
 * not finished or its top tier is another (a GP request goes to the practice, whose confirmation
 * carries the advice).
 */
export async function queueAdviceMessage(engine: GuidelineEngine, db: Sql, execution: AdviceExecution, email: string): Promise<QueuedNotification[]> {
  if (execution.status !== 'COMPLETED' && execution.status !== 'FINISHED') {
    throw new HttpError(409, `Execution ${execution.identifier} has not finished: there is no advice to send yet`);
  }
  const tier = topTier(execution.recommendations);
  if (tier !== 'PHARMACY' && tier !== 'SELF_CARE') {
    throw new HttpError(409, `Execution ${execution.identifier} ended at ${tier}: only pharmacy or self-care advice is sent this way`);
  }
  const words = outcomeWords(execution.recommendations);
  const links = words.flatMap((w) => w.advice.flatMap((a) => a.links)).map((l) => ({ text: l.label, url: l.url }));
  const pathway = engine.library.get(execution.guidelineId)?.doc as { label?: unknown; nhsUrl?: unknown } | undefined;
  if (links.length === 0)
    links.push({ text: 'NHS website', url: typeof pathway?.nhsUrl === 'string' && pathway.nhsUrl.startsWith('https://') ? pathway.nhsUrl : NHS_HOME });
  return enqueueNotifications(db, [
    {
      type: 'SELF_HELP',
      // One advice message per execution, however often it is asked for.
      id: `${execution.identifier}:advice`,
      sourceId: execution.identifier,
      to: { email },
      pathwayLabel: typeof pathway?.label === 'string' ? pathway.label : 'Your symptoms',
      links,
      advice: outcomeWordsAsText(words),
    },
  ]);
}
