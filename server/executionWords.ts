// What the practice reads of a guideline execution besides its tier: the safety check's answers
// as the app recorded them on its custom data, and the answers in words (each with its question's
// and options' labels from the pathway), so the inbox never shows field names.
import type { ResponseAnswer, ResponseData } from '../generated/types/api/triage-request';
import type { GuidelineEngine } from './engine/engine.js';
import { asList, asObject } from './json.js';
import EMERGENCY_QUESTIONS from '../generated/forms/EMERGENCY_QUESTIONS';

/**
 * The safety check's answers ("Are you safe to wait for GP care?") as the app records them on the
 * execution's custom data, one BOOLEAN entry per question (src/flows/guideline/safety.ts
 * `safetyAnswersCustomData`), next to the override's own entries (anEOverrideReason…).
 */
export const SAFETY_QUESTION_IDS = ['drinksFluids', 'breathsNormally', 'passesUrine', 'ableToStandOrWalk'] as const;
const SAFETY_ANSWER_KEY_PREFIX = 'emergencyQuestion.';
export const OVERRIDE_REASON_KEY = 'anEOverrideReason';

export function customValue(customData: readonly unknown[], key: string): unknown {
  return customData.map(asObject).find((e) => e.key === key)?.value;
}

/** The recorded safety answers of an execution: all four, or undefined while any is missing. */
export function recordedSafetyAnswers(customData: readonly unknown[]): Record<(typeof SAFETY_QUESTION_IDS)[number], boolean> | undefined {
  const out: Partial<Record<(typeof SAFETY_QUESTION_IDS)[number], boolean>> = {};
  for (const q of SAFETY_QUESTION_IDS) {
    const value = customValue(customData, `${SAFETY_ANSWER_KEY_PREFIX}${q}`);
    if (typeof value !== 'boolean') return undefined;
    out[q] = value;
  }
  return out as Record<(typeof SAFETY_QUESTION_IDS)[number], boolean>;
}

interface QuestionLabels {
  label: string;
  options: Record<string, string>;
}

/** The question and option labels of a pathway the practice serves, by field name (the engine's requiredData items). */
function pathwayLabels(engine: GuidelineEngine, guidelineId: string): Map<string, QuestionLabels> {
  const out = new Map<string, QuestionLabels>();
  for (const section of engine.library.get(guidelineId)?.sections ?? []) {
    for (const item of section.items) {
      const options = Object.fromEntries((item.referencedObservation.options ?? []).map((o) => [o.identifier, o.label]));
      out.set(item.identifier, { label: item.label, options });
    }
  }
  return out;
}

/**
 * The engine's responseData, each answer with its question's and options' labels, so the practice
 * reads words. Each entry is an engine observation (the embedded engine's own record, or the
 * practice's engine's answer): the triage request's ResponseData, whose members are all optional.
 */
export function labelledResponseData(engine: GuidelineEngine, guidelineId: string, responseData: readonly unknown[]): ResponseData[] {
  const labels = pathwayLabels(engine, guidelineId);
  return responseData.map((o) => {
    const item: ResponseData = asObject(o);
    const known = labels.get(String(item.identifier));
    return {
      ...item,
      ...(known ? { label: known.label } : {}),
      answer: asList(item.answer).map((a) => {
        const answer: ResponseAnswer = asObject(a);
        const optionLabel = known?.options[String(answer.value)];
        return optionLabel ? { ...answer, label: optionLabel } : answer;
      }),
    };
  });
}

/** Titles of the safety questions (schemas/forms/EMERGENCY_QUESTIONS.form.json), as the patient read them. */
export const SAFETY_TITLES: Partial<Record<string, string>> = Object.fromEntries(
  Object.entries(EMERGENCY_QUESTIONS.schema.properties).map(([k, v]) => [k, (v as { title?: string }).title]),
);
