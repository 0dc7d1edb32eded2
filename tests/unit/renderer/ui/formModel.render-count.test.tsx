// @vitest-environment jsdom
// A keystroke re-renders only the field typed in; a click that reveals a field re-renders
// only the clicked field and the revealed one. Counted with the renderer's test-only probe.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm, type FormDocument } from '../../../../renderer/index';
import { renderProbe } from '../../../../renderer/ui/formContext';

const FIELDS = 200;

function bigDocument(): FormDocument {
  const properties: FormDocument['schema']['properties'] = {};
  const rules: NonNullable<FormDocument['rules']> = {};
  const fields: string[] = [];
  for (let i = 0; i < FIELDS; i++) {
    const name = `q${i}`;
    fields.push(name);
    if (i % 10 === 0) properties[name] = { type: 'boolean', title: `Question ${i}` };
    else properties[name] = { type: 'string', title: `Question ${i}`, maxLength: 100 };
    // Every tenth field is a yes/no that reveals the next field.
    if (i % 10 === 1) rules[name] = { enableWhen: [{ question: `q${i - 1}`, operator: 'IS', answer: true }] };
  }
  return { id: 'BIG', title: 'Big form', pages: [{ title: 'Big form', fields }], schema: { type: 'object', properties }, rules };
}

/**
 * The field group of one question. Label queries are scoped to it: jsdom finds an input's labels by
 * walking the whole page and asking each element for its control, so a page-wide
 * `getByLabelText` over 200 fields took 15-20 s of this file's time.
 */
function fieldGroup(name: string): HTMLElement {
  const group = document.getElementById(`field-${name}`)?.closest<HTMLElement>('.nhsuk-form-group');
  if (!group) throw new Error(`no field group for ${name}`);
  return group;
}

let counts: Map<string, number>;
beforeEach(() => {
  counts = new Map();
  renderProbe.current = (field) => counts.set(field, (counts.get(field) ?? 0) + 1);
});
afterEach(() => {
  renderProbe.current = undefined;
  cleanup();
});

// 200 fields typed into with user-event: slow on a loaded 2-core machine, so a generous timeout.
describe('re-renders', { timeout: 90_000 }, () => {
  it('a keystroke re-renders only the field typed in', async () => {
    const user = userEvent.setup();
    render(<SchemaForm doc={bigDocument()} onSubmit={vi.fn()} />);
    expect(counts.size).toBe(FIELDS);
    counts.clear();
    await user.type(within(fieldGroup('q5')).getByLabelText('Question 5'), 'abc');
    expect([...counts.keys()]).toEqual(['q5']);
    expect(counts.get('q5')).toBe(3);
  });

  it('a click that reveals a field re-renders only the clicked field and the revealed one', async () => {
    const user = userEvent.setup();
    render(<SchemaForm doc={bigDocument()} onSubmit={vi.fn()} />);
    expect(document.getElementById('field-q21')).toBeNull();
    expect(screen.queryByText('Question 21')).toBeNull();
    counts.clear();
    const yes = document.querySelector<HTMLInputElement>('#field-q20')!;
    await user.click(yes);
    expect(within(fieldGroup('q21')).getByLabelText('Question 21')).toBeTruthy();
    expect([...counts.keys()].sort()).toEqual(['q20', 'q21']);
  });
});
