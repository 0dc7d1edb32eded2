// The self-help email of an eligibility pathway (README.md "Eligibility, self-help and child
// requests"): an ELIGIBILITY_BOOKING request whose recommendations carry a "Self help content"
// management action queues a SELF_HELP notification with that action's links, in the same
// transaction that stores the request (server/notifications/README.md).
import { PRACTICE_ACCESS, type GuidelineEngine } from './engine/engine.js';
import type { Sql } from './store/index.js';
import { enqueueNotifications, recipientForPatient, type QueuedNotification, type SelfHelpEvent } from './notifications/index.js';
import { type JsonObject as Json, asObject as obj, asList as list } from './json.js';

interface Link {
  text: string;
  url: string;
}

function httpsLinks(raw: unknown, labelKey: 'label' | 'text'): Link[] {
  return list(raw)
    .map(obj)
    .filter((l) => typeof l[labelKey] === 'string' && typeof l.url === 'string' && /^https:\/\//.test(l.url))
    .map((l) => ({ text: String(l[labelKey]), url: String(l.url) }));
}

export interface SelfHelpContext {
  engine: GuidelineEngine;
  /** A practice's own engine: its executions are not in this database. */
  engineUrl?: string;
}

/**
 * The SELF_HELP event of a stored triage request, or undefined when it needs none. The
 * recommendations are the embedded engine's stored ones (never the client's copy) when the
 * execution is ours; the links are those of the self-help action, else the pathway's own
 * self-help links; the label is the pathway's.
 */
export async function selfHelpEvent(
  ctx: SelfHelpContext,
  db: Sql,
  requestId: string,
  triageRequest: Json,
  newEmail?: string,
): Promise<SelfHelpEvent | undefined> {
  if (triageRequest.triageRequestType !== 'ELIGIBILITY_BOOKING') return undefined;
  const consultation = obj(triageRequest.consultation);
  let guidelineId = typeof consultation.guidelineId === 'string' ? consultation.guidelineId : '';
  let recommendations = list(obj(triageRequest.guidelineExecution).recommendations);
  if (typeof consultation.executionId === 'string' && ctx.engineUrl === undefined) {
    // reclassifyTriageRequest has already refused unknown and stopped executions.
    const execution = await ctx.engine.get(consultation.executionId, PRACTICE_ACCESS, db);
    guidelineId = execution.guidelineId;
    recommendations = execution.recommendations;
  }
  const action = recommendations.flatMap((r) => list(obj(r).actions).map(obj)).find((a) => a.type === 'Management' && a.managementType === 'Self help content');
  if (!action) return undefined;
  const pathway = ctx.engine.library.get(guidelineId)?.doc as { label?: unknown; symptoms?: unknown } | undefined;
  let links = httpsLinks(action.links, 'label');
  if (links.length === 0) links = list(pathway?.symptoms).flatMap((s) => httpsLinks(obj(obj(s).selfHelp).webLinks, 'label'));
  if (links.length === 0) return undefined;
  const label = typeof pathway?.label === 'string' ? pathway.label : typeof consultation.guidelineName === 'string' ? consultation.guidelineName : 'Self-help';
  return {
    type: 'SELF_HELP',
    id: `${requestId}:self-help`,
    sourceId: requestId,
    to: await recipientForPatient(db, obj(triageRequest.patient) as Parameters<typeof recipientForPatient>[1], newEmail),
    pathwayLabel: label,
    links,
  };
}

/**
 * Queues the self-help email of a stored triage request, if it has one (then it is the request's
 * acknowledgement: the caller queues no "request received"). Answers undefined when the request
 * has no self-help outcome. `db` is the storing transaction.
 */
export async function notifySelfHelp(
  ctx: SelfHelpContext,
  db: Sql,
  requestId: string,
  triageRequest: Json,
  newEmail?: string,
): Promise<QueuedNotification[] | undefined> {
  const event = await selfHelpEvent(ctx, db, requestId, triageRequest, newEmail);
  return event ? enqueueNotifications(db, [event]) : undefined;
}
