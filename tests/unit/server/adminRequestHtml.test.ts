// The staff inbox draws a list's items and a group's fields nested, each with its question (server/adminRequestHtml.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../../renderer/core/index';
import { adminRequestHtml } from '../../../server/adminRequestHtml';

const repeat = JSON.parse(readFileSync(new URL('../../../schemas/forms/REPEAT_PRESCRIPTION.form.json', import.meta.url), 'utf8')) as FormDocument;

describe('inbox answers of an "add another" list', () => {
  it('shows each medicine as a numbered item with its questions and answers', () => {
    const html = adminRequestHtml(
      {
        formType: 'REPEAT_PRESCRIPTION',
        medication: [{ name: 'Salbutamol', strength: '100 micrograms' }, { name: 'Sertraline <b>' }],
        issueDate: '2026-12-01',
      },
      (t) => (t === 'REPEAT_PRESCRIPTION' ? repeat : undefined),
    );
    expect(html).toContain(
      '<dt>Which medicines do you need?</dt><dd><ol><li><dl><dt>Name of the medicine</dt><dd>Salbutamol</dd><dt>Strength (optional)</dt><dd>100 micrograms</dd></dl></li><li><dl><dt>Name of the medicine</dt><dd>Sertraline &lt;b&gt;</dd></dl></li></ol></dd>',
    );
  });
});

const registration = JSON.parse(readFileSync(new URL('../../../schemas/forms/PATIENT_REGISTRATION_FORM.form.json', import.meta.url), 'utf8')) as FormDocument;

describe('inbox answers of a group', () => {
  it("shows the registration's address and previous practice as the group's title over its own questions and answers", () => {
    const html = adminRequestHtml(
      {
        formType: 'PATIENT_REGISTRATION_FORM',
        title: 'Ms',
        address: { line1: '1 Park Row', town: 'Leeds', postcode: 'LS1 5HD' },
        hadPreviousGp: true,
        previousGp: { practiceName: 'Park <Surgery>', practicePostcode: 'M1 1AE' },
      },
      (t) => (t === 'PATIENT_REGISTRATION_FORM' ? registration : undefined),
    );
    expect(html).toContain(
      '<dt>Your address</dt><dd><dl><dt>Address line 1</dt><dd>1 Park Row</dd><dt>Town or city</dt><dd>Leeds</dd><dt>Postcode</dt><dd>LS1 5HD</dd></dl></dd>',
    );
    expect(html).toContain(
      '<dt>Your previous GP practice</dt><dd><dl><dt>Name of the GP practice</dt><dd>Park &lt;Surgery&gt;</dd><dt>Postcode of the GP practice (optional)</dt><dd>M1 1AE</dd></dl></dd>',
    );
    // Never the raw nesting.
    expect(html).not.toContain('{&quot;');
    expect(html).not.toContain('line1');
  });
});
