import { describe, expect, it } from 'vitest';
import PATIENT_CONTEXT from '../../../generated/forms/PATIENT_CONTEXT';
import { DEFAULT_NEED_OPTIONS, patientContextDocument, NOT_POSSIBLE_TITLE } from '../../../src/flows/triage/YourOwnWordsPage';
import { DEFAULT_OVERRIDE_OPTIONS, overrideDocument } from '../../../src/flows/triage/safety/EmergencyOverridePage';

// Questions whose options come from the practice's settings keep the form document's own options
// when the practice lists none: a required question with nothing to choose would strand the patient.
describe('options the practice supplies, and what is offered when it supplies none', () => {
  it('patient context: the document\'s patientNeed options, its 300-character long text and its wording', () => {
    expect(DEFAULT_NEED_OPTIONS.map((o) => o.label)).toContain('Something else');
    const doc = patientContextDocument(NOT_POSSIBLE_TITLE, DEFAULT_NEED_OPTIONS);
    expect(doc.title).toBe('Self-booking is not possible for this request');
    expect(doc.schema.properties.patientNeed!.oneOf).toHaveLength(DEFAULT_NEED_OPTIONS.length);
    expect(doc.schema.properties.additionalInfo!.maxLength).toBe(300);
    expect(doc.uiSchema?.additionalInfo?.['ui:help']).toBe('This will be saved to your record.');
    expect(doc.uiSchema?.patientNeed?.['ui:errors']?.required).toBe("Pick what you hope for or choose 'Something else'.");
    // The practice's own options replace the defaults.
    const own = patientContextDocument(NOT_POSSIBLE_TITLE, [{ value: 'x', label: 'X' }]);
    expect(own.schema.properties.patientNeed!.oneOf).toEqual([{ const: 'x', title: 'X' }]);
    expect(PATIENT_CONTEXT.schema.properties.patientNeed!.oneOf!.length).toBeGreaterThan(1);
  });

  it('emergency override: the document\'s reasons, "not safe to wait" among them', () => {
    expect(DEFAULT_OVERRIDE_OPTIONS.map((o) => o.id)).toContain('none_of_the_above');
    expect(overrideDocument(DEFAULT_OVERRIDE_OPTIONS).schema.properties.reason!.oneOf).toHaveLength(DEFAULT_OVERRIDE_OPTIONS.length);
  });
});
