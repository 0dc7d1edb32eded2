// @vitest-environment jsdom
// Radios keep their checked state in the DOM and report a choice through a DOM `change` listener
// (renderer/ui/widgets/RadiosWidget.tsx): whatever the stored answer becomes — a click, a
// prefilled answer, a rule that clears it, an error — is what the radios draw, and a click does
// not make React rewrite the radios.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm, type FormData, type FormDocument } from '../../../../../renderer/index';

afterEach(cleanup);

const DOC: FormDocument = {
  id: 'RADIOS',
  title: 'Radios',
  pages: [{ title: 'Radios', fields: ['smoker', 'detail', 'colour', 'locked'] }],
  schema: {
    type: 'object',
    required: ['smoker', 'colour'],
    properties: {
      smoker: { type: 'boolean', title: 'Do you smoke?' },
      detail: { type: 'string', title: 'How much?', maxLength: 20 },
      colour: { type: 'string', title: 'Colour', enum: ['Red', 'Green', 'Blue'] },
      locked: { type: 'boolean', title: 'Lock the colour?' },
    },
  },
  uiSchema: { colour: { 'ui:widget': 'radio' } },
  rules: {
    detail: { enableWhen: [{ question: 'smoker', operator: 'IS', answer: true }] },
    colour: {
      disableWhen: [{ question: 'locked', operator: 'IS', answer: true }],
      options: { Blue: { enableWhen: [{ question: 'smoker', operator: 'IS', answer: true }] } },
    },
  },
};

function radios(legend: string): HTMLInputElement[] {
  return within(screen.getByRole('group', { name: new RegExp(`^${legend}`) })).getAllByRole('radio') as HTMLInputElement[];
}

/** The radio labelled `option` in the group whose legend starts with `legend`. */
function radio(legend: string, option: string): HTMLInputElement {
  return within(screen.getByRole('group', { name: new RegExp(`^${legend}`) })).getByLabelText(option) as HTMLInputElement;
}

function checkedLabels(legend: string): string[] {
  return radios(legend)
    .filter((r) => r.checked)
    .map((r) => r.labels?.[0]?.textContent ?? '');
}

function draw(initialData?: FormData) {
  const onChange = vi.fn();
  const onSubmit = vi.fn();
  render(<SchemaForm doc={DOC} initialData={initialData} onChange={onChange} onSubmit={onSubmit} />);
  const last = (): FormData => (onChange.mock.calls.at(-1)?.[0] ?? {}) as FormData;
  return { onSubmit, last };
}

describe('radios', () => {
  it('a click checks the radio, stores the answer and reveals; the other choice unchecks and hides', async () => {
    const user = userEvent.setup();
    const { last } = draw();
    expect(checkedLabels('Do you smoke')).toEqual([]);
    expect(screen.queryByLabelText('How much?')).toBeNull();

    await user.click(radio('Do you smoke', 'Yes'));
    expect(checkedLabels('Do you smoke')).toEqual(['Yes']);
    expect(last().smoker).toBe(true);
    expect(screen.getByLabelText('How much?')).toBeTruthy();

    await user.click(radio('Do you smoke', 'No'));
    expect(checkedLabels('Do you smoke')).toEqual(['No']);
    expect(last().smoker).toBe(false);
    expect(screen.queryByLabelText('How much?')).toBeNull();
  });

  it('draws a prefilled answer checked, and the options a rule leaves on offer', () => {
    draw({ smoker: true, colour: 'Blue' });
    expect(checkedLabels('Do you smoke')).toEqual(['Yes']);
    expect(checkedLabels('Colour')).toEqual(['Blue']);
    expect(radios('Colour').map((r) => r.value)).toEqual(['Red', 'Green', 'Blue']);
  });

  it('draws an answer the form changes itself: a disable rule clears it and unchecks every radio', async () => {
    const user = userEvent.setup();
    const { last } = draw({ colour: 'Green' });
    expect(checkedLabels('Colour')).toEqual(['Green']);
    expect(radios('Colour').map((r) => r.value)).toEqual(['Red', 'Green']);

    await user.click(radio('Lock the colour', 'Yes'));
    expect(last().colour).toBeUndefined();
    expect(checkedLabels('Colour')).toEqual([]);
    expect(radios('Colour').every((r) => r.disabled)).toBe(true);

    await user.click(radio('Lock the colour', 'No'));
    expect(radios('Colour').some((r) => r.disabled)).toBe(false);
    expect(checkedLabels('Colour')).toEqual([]);
    await user.click(radio('Colour', 'Red'));
    expect(checkedLabels('Colour')).toEqual(['Red']);
    expect(last().colour).toBe('Red');
  });

  it('draws the error on the group, and clears it with the answer', async () => {
    const user = userEvent.setup();
    const { onSubmit } = draw({ smoker: false });
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(onSubmit).not.toHaveBeenCalled();
    const group = screen.getByRole('group', { name: /^Colour/ });
    expect(group.closest('.nhsuk-form-group')?.className).toContain('nhsuk-form-group--error');
    expect(group.getAttribute('aria-describedby')).toContain('field-colour-error');

    await user.click(radio('Colour', 'Green'));
    await user.click(screen.getByRole('button', { name: /send/i }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ smoker: false, colour: 'Green' }));
    expect(screen.getByRole('group', { name: /^Colour/ }).closest('.nhsuk-form-group')?.className).not.toContain('--error');
  });

  it('takes a change event without a click (a script setting `checked`)', () => {
    const { last } = draw();
    const yes = radio('Do you smoke', 'Yes') as HTMLInputElement;
    fireEvent.change(yes, { target: { checked: true } });
    expect(last().smoker).toBe(true);
    expect(screen.getByLabelText('How much?')).toBeTruthy();
  });

  it('a click does not make React rewrite the radios (no attribute of any radio changes)', async () => {
    const user = userEvent.setup();
    draw({ smoker: false, colour: 'Red' });
    const changed: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) if (r.target instanceof HTMLInputElement && r.target.type === 'radio') changed.push(`${r.target.id} ${r.attributeName}`);
    });
    observer.observe(document.body, { attributes: true, subtree: true });
    await user.click(radio('Colour', 'Green'));
    await user.click(radio('Do you smoke', 'Yes'));
    observer.disconnect();
    // The Blue option is new (a rule offers it when smoking): drawn, not rewritten.
    expect(changed).toEqual([]);
    expect(checkedLabels('Colour')).toEqual(['Green']);
    expect(checkedLabels('Do you smoke')).toEqual(['Yes']);
  });
});
