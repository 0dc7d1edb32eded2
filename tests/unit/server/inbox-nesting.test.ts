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
