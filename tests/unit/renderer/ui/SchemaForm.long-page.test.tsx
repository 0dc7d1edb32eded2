// @vitest-environment jsdom
// How a long page is drawn. Chromium does work over all of a form's controls each time an
// element is added as the form's own child, so drawing 1000 field groups straight into the
// <form> was quadratic (seconds of appendChild at 1000 fields, npm run bench:renderer): the
// fields must sit in a wrapper inside the form, on the first render and when a rule reveals one.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ourDocument } from '../../../../bench/generate';
import { SchemaForm } from '../../../../renderer/index';
import type { FormDocument } from '../../../../renderer/core/types';

afterEach(cleanup);

describe('a long page', { timeout: 60_000 }, () => {
  it('draws its fields in a wrapper, never as the form’s own children, also when a rule reveals one', async () => {
    const user = userEvent.setup();
    const doc = ourDocument(60);
    const { container } = render(<SchemaForm doc={doc} onSubmit={vi.fn()} />);
    const form = container.querySelector('form')!;
    const wrapper = form.querySelector(':scope > .app-schema-form__fields')!;
    expect(wrapper).not.toBeNull();
    expect(form.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(0);
    // 60 questions; every tenth is a yes/no whose extra detail field stays hidden until "Yes".
    expect(wrapper.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(60);
    await user.click(document.getElementById('field-f0010')!);
    expect(screen.getByLabelText(/^Give details for question 10/)).toBeTruthy();
    expect(wrapper.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(61);
    expect(form.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(0);
  });
});

// Chromium rebuilds a fieldset's whole layout tree when one of its own children is added, so a
// group's fields and a list's items sit in a div inside their fieldset: a reveal inside a group (or
// an added item) then builds only the new field, not every field of the group (bench:renderer's
// nested form spent most of a reveal click rebuilding the clicked group).
const grouped: FormDocument = {
  id: 'GROUPED',
  title: 'Grouped',
  pages: [{ title: 'Grouped', fields: ['about', 'meds'] }],
  schema: {
    type: 'object',
    required: [],
    properties: {
      about: {
        type: 'object',
        title: 'About you',
        required: [],
        properties: { smoke: { type: 'boolean', title: 'Do you smoke?' }, howMany: { type: 'string', title: 'How many a day?', maxLength: 50 } },
      },
      meds: {
        type: 'array',
        title: 'Your medicines',
        items: { type: 'object', title: 'Medicine', required: [], properties: { name: { type: 'string', title: 'Name', maxLength: 100 } } },
      },
    },
  } as FormDocument['schema'],
  rules: { 'about.howMany': { enableWhen: [{ question: 'about.smoke', operator: 'EQ', answer: true }] } },
};

describe('groups and lists', () => {
  it('draw their fields and items in a div inside the fieldset, also after a reveal and an added item', async () => {
    const user = userEvent.setup();
    render(<SchemaForm doc={grouped} onSubmit={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'About you' });
    const fields = group.querySelector(':scope > .app-group__fields')!;
    expect(fields).not.toBeNull();
    expect(fields.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(1);
    await user.click(document.getElementById('field-about.smoke')!);
    expect(screen.getByLabelText('How many a day?')).toBeTruthy();
    expect(fields.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(2);
    expect(group.querySelectorAll(':scope > .nhsuk-form-group')).toHaveLength(0);

    const list = screen.getByRole('group', { name: 'Your medicines' });
    const items = list.querySelector(':scope > .app-list__items')!;
    expect(items.querySelectorAll(':scope > .app-list__item')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add another medicine' }));
    expect(items.querySelectorAll(':scope > .app-list__item')).toHaveLength(2);
    expect(list.querySelectorAll(':scope > .app-list__item')).toHaveLength(0);
  });
});

// The NHS stylesheet's `.nhsuk-body-s:has(+ .nhsuk-form-group > … .nhsuk-label)` rules make Chromium
// search the whole subtree of the paragraph's next sibling on every reveal (about 35 ms of style
// recalculation per click on bench:renderer's nested form while the paragraph sat next to the form),
// so the "questions marked with an asterisk" paragraph must have no next sibling at all.
describe('the required-questions paragraph', () => {
  it('sits alone in its wrapper before the form, so no :has(+ …) rule has a sibling to search', async () => {
    const user = userEvent.setup();
    const doc = ourDocument(60);
    const { container } = render(<SchemaForm doc={doc} onSubmit={vi.fn()} />);
    const line = screen.getByText(/marked with an asterisk/i);
    expect(line.tagName).toBe('P');
    expect(line.classList.contains('nhsuk-body-s')).toBe(true);
    expect(line.nextElementSibling).toBeNull();
    // Still before the form, in reading order.
    const form = container.querySelector('form')!;
    expect(line.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(form.contains(line)).toBe(false);
    await user.click(document.getElementById('field-f0010')!);
    expect(line.nextElementSibling).toBeNull();
  });
});
