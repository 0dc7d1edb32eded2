// Choice answers with ui:options sendAs "valueLabel" travel as { value, label }
// entries (informationToBeUpdated of CHANGE_OF_PERSONAL_DETAILS); inside the form they are values.
import { describe, expect, it } from 'vitest';
import { fromWire, toWire, type FormDocument } from '../../../../renderer/core/index';
import { formDocuments } from '../../../../generated/forms/index';

const doc = (formDocuments as Record<string, FormDocument>).CHANGE_OF_PERSONAL_DETAILS!;

describe('toWire / fromWire', () => {
  it('CHANGE_OF_PERSONAL_DETAILS sends informationToBeUpdated as { value, label } entries', () => {
    expect(doc.uiSchema?.informationToBeUpdated?.['ui:options']?.sendAs).toBe('valueLabel');
    const wire = toWire(doc, { informationToBeUpdated: ['Name', 'Contact'], newSurname: 'Smith' });
    expect(wire).toEqual({
      informationToBeUpdated: [
        { value: 'Name', label: 'Name' },
        { value: 'Contact', label: 'Contact' },
      ],
      newSurname: 'Smith',
    });
  });

  it('reads { value, label } entries back as values, and refuses bare values', () => {
    expect(fromWire(doc, { informationToBeUpdated: [{ value: 'Address', label: 'Address' }] })).toEqual({
      data: { informationToBeUpdated: ['Address'] },
      errors: [],
    });
    expect(fromWire(doc, { informationToBeUpdated: ['Address'] }).errors).toEqual([
      { path: 'informationToBeUpdated', keyword: 'type', message: 'must be { value, label } entries' },
    ]);
  });

  it('leaves fields without sendAs as they are', () => {
    const plain: FormDocument = { ...doc, uiSchema: {} };
    expect(toWire(plain, { informationToBeUpdated: ['Name'] })).toEqual({ informationToBeUpdated: ['Name'] });
  });
});
