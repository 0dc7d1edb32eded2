import type { FormDocument } from '../../../../renderer/index';
import { overrideReasonInWords } from '../../../../common';
import { OVERRIDE_REQUIRED } from './safetyWords';

export type Option = { id: string; label: string };

export const EMERGENCY_OVERRIDE = 'EMERGENCY_OVERRIDE';

/** The document's own reasons: offered when the practice lists none, so the patient is never left with nothing to choose. */
export function defaultOverrideOptions(base: FormDocument): readonly Option[] {
  return (base.schema.properties.reason?.oneOf ?? []).map((o) => ({ id: String(o.const), label: String(o.title ?? o.const) }));
}

/** The page's question in plain words (the document's title is the practice's shorthand for it). */
const OVERRIDE_QUESTION = 'Why do you feel it is safe for you to wait for your GP practice?';

/**
 * The override form: the document's wording with the practice's reasons (emergencyOverrideOptions)
 * as the options, each in the words a patient would use (common/overrideWords.ts).
 */
export function overrideDocument(base: FormDocument, options: readonly Option[]): FormDocument {
  const reason = base.schema.properties.reason!;
  return {
    ...base,
    pages: base.pages.map((page, i) => (i === 0 ? { ...page, title: OVERRIDE_QUESTION } : page)),
    schema: {
      ...base.schema,
      properties: { ...base.schema.properties, reason: { ...reason, oneOf: options.map((o) => ({ const: o.id, title: overrideReasonInWords(o) })) } },
    },
    uiSchema: { ...base.uiSchema, reason: { 'ui:widget': 'radio', 'ui:errors': { required: OVERRIDE_REQUIRED } } },
  };
}
