import type { ServerContext } from '../context.js';
import { PRACTICE_ACCESS } from '../engine/engine.js';
import { getSetting } from '../settingsStore.js';
import type { Sql } from '../store/index.js';
import { AI_LED_SLOT_TYPES, DEFAULT_SLOT_TYPES, GUIDELINE_SLOT_TYPES, REFERRAL_SLOT_TYPES } from './seed.js';

/** Slot types a referral or guideline books (a guideline's own mapping wins). */
export function slotTypesFor(referralId: string | undefined, guidelineId: string | undefined): string[] {
  // Own keys only: "constructor" or "__proto__" as an id is an unknown id, not Object's member.
  if (guidelineId && Object.hasOwn(GUIDELINE_SLOT_TYPES, guidelineId)) return GUIDELINE_SLOT_TYPES[guidelineId]!;
  if (referralId && Object.hasOwn(REFERRAL_SLOT_TYPES, referralId)) return REFERRAL_SLOT_TYPES[referralId]!;
  return DEFAULT_SLOT_TYPES;
}

/**
 * The slot types a booking that stores its request may take: those the availability call of its
 * pathway offers — its guideline's, each referral of its finished execution's, and the AI-led
 * ones when the practice runs the guideline AI-led. Anything else (a practice-only review, a
 * physiotherapy slot from a sore-throat questionnaire) is refused.
 */
export async function allowedSlotTypesForRequest(ctx: ServerContext, db: Sql, triageRequest: Record<string, unknown>): Promise<string[]> {
  const consultation = (triageRequest.consultation ?? {}) as { guidelineId?: unknown; executionId?: unknown };
  const guidelineId = typeof consultation.guidelineId === 'string' ? consultation.guidelineId : undefined;
  const types = new Set<string>();
  let referralIds: string[] = [];
  if (typeof consultation.executionId === 'string') {
    try {
      const execution = await ctx.engine.get(consultation.executionId, PRACTICE_ACCESS, db);
      referralIds = execution.recommendations.flatMap((r) =>
        (Array.isArray(r.actions) ? (r.actions as Array<{ type?: unknown; referralId?: unknown }>) : [])
          .filter((a) => a?.type === 'Referral' && typeof a.referralId === 'string')
          .map((a) => a.referralId as string),
      );
    } catch {
      // No execution: the guideline's own types only (the request's reclassification refuses it anyway).
    }
  }
  for (const t of slotTypesFor(undefined, guidelineId)) types.add(t);
  for (const ref of referralIds) for (const t of slotTypesFor(ref, guidelineId)) types.add(t);
  const aiLed = (await getSetting<{ guidelineIds?: string[] }>(db, 'ai-led'))?.guidelineIds ?? [];
  if (guidelineId && aiLed.includes(guidelineId)) for (const t of AI_LED_SLOT_TYPES) types.add(t);
  return [...types];
}
