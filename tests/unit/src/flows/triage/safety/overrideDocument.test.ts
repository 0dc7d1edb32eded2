import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../../../../../renderer/index';
import EMERGENCY_OVERRIDE_DOC from '../../../../../../generated/forms/EMERGENCY_OVERRIDE';
import PATIENT_CONTEXT_DOC from '../../../../../../generated/forms/PATIENT_CONTEXT';
import { defaultNeedOptions, patientContextDocument, NOT_POSSIBLE_TITLE } from '../../../../../../src/flows/triage/YourOwnWordsPage';
import { defaultOverrideOptions, overrideDocument } from '../../../../../../src/flows/triage/safety/overrideDocument';

// The pages reword the document the server serves (the same as generated/'s copy, codegen --check
// keeps them equal). Questions whose options come from the practice's settings keep the form
// document's own options when the practice lists none: a required question with nothing to
// choose would strand the patient.
const PATIENT_CONTEXT = PATIENT_CONTEXT_DOC as FormDocument;
const EMERGENCY_OVERRIDE = EMERGENCY_OVERRIDE_DOC as FormDocument;

describe('options the practice supplies, and what is offered when it supplies none', () => {
  it("patient context: the document's patientNeed options, its 300-character long text and its wording", () => {
    const defaults = defaultNeedOptions(PATIENT_CONTEXT);
    expect(defaults.map((o) => o.label)).toContain('Something else');
    const doc = patientContextDocument(PATIENT_CONTEXT, NOT_POSSIBLE_TITLE, defaults);
    expect(doc.title).toBe('Self-booking is not possible for this request');
    expect(doc.schema.properties.patientNeed!.oneOf).toHaveLength(defaults.length);
    expect(doc.schema.properties.additionalInfo!.maxLength).toBe(300);
    expect(doc.uiSchema?.additionalInfo?.['ui:help']).toBe('This will be saved to your record.');
    expect(doc.uiSchema?.patientNeed?.['ui:errors']?.required).toBe("Pick what you hope for or choose 'Something else'.");
    // The practice's own options replace the defaults.
    const own = patientContextDocument(PATIENT_CONTEXT, NOT_POSSIBLE_TITLE, [{ value: 'x', label: 'X' }]);
    expect(own.schema.properties.patientNeed!.oneOf).toEqual([{ const: 'x', title: 'X' }]);
    expect(PATIENT_CONTEXT.schema.properties.patientNeed!.oneOf!.length).toBeGreaterThan(1);
  });

  it('emergency override: the document\'s reasons, "not safe to wait" among them', () => {
    const defaults = defaultOverrideOptions(EMERGENCY_OVERRIDE);
    expect(defaults.map((o) => o.id)).toContain('none_of_the_above');
    expect(overrideDocument(EMERGENCY_OVERRIDE, defaults).schema.properties.reason!.oneOf).toHaveLength(defaults.length);
  });
});
