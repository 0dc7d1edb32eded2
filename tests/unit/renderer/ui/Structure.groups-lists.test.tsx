// @vitest-environment jsdom
// Groups as fieldsets and the "add another" list: markup, focus, keyboard, errors, what Send submits,
// and that a keystroke inside an item re-renders only that field.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDocument, SchemaForm } from '../../../../renderer/index';
import { renderProbe } from '../../../../renderer/ui/formContext';
import { fixture } from '../../support/renderer-ui/fixtures';

afterEach(() => {
  cleanup();
  renderProbe.current = undefined;
});

const doc = fixture('groups-and-lists');

describe('groups and "add another" lists', () => {
  it('the fixture passes the checker', () => {
    expect(checkDocument(doc)).toEqual([]);
  });

  it('draws a group as a fieldset with its legend, shown by its rule', async () => {
    const user = userEvent.setup();
    render(<SchemaForm doc={doc} onSubmit={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Your new address' })).toBeNull();
    await user.click(within(screen.getByRole('group', { name: /Have you moved house/ })).getByLabelText('Yes'));
    const group = screen.getByRole('group', { name: 'Your new address' });
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).getByLabelText(/Address line 1/).id).toBe('field-address.line1');
  });

  it('adds, fills, removes and sends; focus goes to the new item, then to the list heading', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm doc={doc} onSubmit={onSubmit} />);
    await user.click(within(screen.getByRole('group', { name: /Have you moved house/ })).getByLabelText('No'));
    const list = screen.getByRole('group', { name: /Which medicines do you need/ });
    expect(within(list).getByRole('group', { name: 'Medicine 1' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByLabelText(/Strength/)).toBeNull(); // shown by the item's own rule
    await user.type(screen.getByLabelText(/Name of the medicine/), 'Salbutamol');
    expect(screen.getByLabelText(/Strength/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/How often/), 'Twice a day');
    await user.click(within(list).getByRole('button', { name: 'Add another medicine' }));
    const second = within(list).getByRole('group', { name: 'Medicine 2' });
    expect(document.activeElement).toBe(within(second).getByLabelText(/Name of the medicine/));
    await user.keyboard('Sertraline');
    await user.selectOptions(within(second).getByLabelText(/How often/), 'Once a day');
    await user.click(within(list).getByRole('button', { name: 'Remove medicine 1' }));
    expect(document.activeElement).toBe(document.getElementById('field-medicines-heading'));
    expect(within(list).queryByRole('group', { name: 'Medicine 2' })).toBeNull();
    expect((within(list).getByLabelText(/Name of the medicine/) as HTMLInputElement).value).toBe('Sertraline');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ moved: false, medicines: [{ name: 'Sertraline', howOften: 'Once a day' }] });
  });

  it("errors inside an item are linked from the summary in the document's words", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm doc={doc} onSubmit={onSubmit} />);
    await user.click(within(screen.getByRole('group', { name: /Have you moved house/ })).getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('link', { name: /Please add the medicine you need/ }).getAttribute('href')).toBe('#field-medicines.0.name');
    await user.selectOptions(screen.getByLabelText(/How often/), 'When needed');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const link = screen.getByRole('link', { name: /Please enter the name of the medicine/ });
    expect(link.getAttribute('href')).toBe('#field-medicines.0.name');
    expect(document.getElementById('field-medicines.0.name-error')?.textContent).toContain('Please enter the name of the medicine.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a plain-text list draws text boxes, never "None of the above"', async () => {
    const user = userEvent.setup();
    render(<SchemaForm doc={doc} onSubmit={() => {}} />);
    const list = screen.getByRole('group', { name: 'Allergies' });
    expect(within(list).queryByText('None of the above')).toBeNull();
    await user.type(within(list).getByLabelText('Allergy 1'), 'Nuts');
    await user.click(within(list).getByRole('button', { name: 'Add another allergy' }));
    expect(document.activeElement).toBe(within(list).getByLabelText('Allergy 2'));
  });

  it('a keystroke inside an item re-renders only that field', async () => {
    const user = userEvent.setup();
    render(<SchemaForm doc={doc} onSubmit={() => {}} />);
    const name = screen.getByLabelText(/Name of the medicine/);
    await user.type(name, 'S');
    const renders: string[] = [];
    renderProbe.current = (f) => renders.push(f);
    await user.type(name, 'a');
    expect(renders).toEqual(['medicines.0.name']);
  });
});
