// A date of birth must be before today, in every form that takes one
// (the child's, minimum age 0, included). The server re-checks with the same renderer/core.
import { describe, expect, it } from 'vitest';
import { validate, type FormDocument } from '../../../renderer/core/index';
import { formDocuments } from '../../../generated/forms/index';

const TODAY = new Date(2026, 2, 10, 12, 0, 0);
const docs = Object.entries(formDocuments as Record<string, FormDocument>).filter(([, doc]) =>
  Object.values(doc.schema.properties).some((p) => p['x-age'] !== undefined),
);

describe('date of birth before today', () => {
  it('covers every document with a date of birth', () => {
    expect(docs.map(([id]) => id).sort()).toEqual(expect.arrayContaining(['CHILD_AGE', 'PATIENT_DETAILS', 'SELF_BOOKING']));
  });
  it.each(docs)('%s refuses today with "Please enter a valid date of birth" and accepts yesterday', (_id, doc) => {
    const name = Object.entries(doc.schema.properties).find(([, p]) => p['x-age'] !== undefined)![0];
    const errorFor = (dob: string) => validate(doc, { [name]: dob }, { today: TODAY, params: { minAge: 0 }, fields: [name] }).find((e) => e.path === name);
    expect(errorFor('2026-03-10')?.message).toBe('Please enter a valid date of birth');
    expect(errorFor('2026-03-09')?.message).not.toBe('Please enter a valid date of birth');
  });
});
