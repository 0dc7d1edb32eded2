// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm, widgetForObservationType } from '../../../../../renderer/index';
import { fixture } from '../../../support/renderer-ui/fixtures';

afterEach(cleanup);

describe('widgetForObservationType', () => {
  it.each([
    ['BINARY', 'yesNo'],
    ['BOOLEAN', 'yesNo'],
    ['MULTI_CHOICE', 'checkboxes'],
    ['DROPDOWN', 'select'],
    ['NUMERIC', 'number'],
    ['TEXT', 'textarea'],
    ['DATE', 'date'],
    ['TIME', 'time'],
    ['DATE_TIME', 'datetime'],
    ['DISPLAY', 'display'],
  ])('maps %s to %s', (type, widget) => {
    expect(widgetForObservationType(type)).toBe(widget);
  });
});

describe('number widget', () => {
  it('shows the unit and range, stores a number, and keeps unparsable text as a type error', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm doc={fixture('number')} onSubmit={onSubmit} />);
    const input = screen.getByLabelText(/Your weight/) as HTMLInputElement;
    expect(document.querySelector('.nhsuk-input-wrapper__suffix')?.textContent).toBe('kg');
    expect(document.getElementById('field-weight-hint')?.textContent).toBe('Enter a number between 30 and 250 kg.');
    await user.type(input, '12a');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.getElementById('field-weight-error')).not.toBeNull();
    await user.clear(input);
    await user.type(input, '72.5');
    expect(input.value).toBe('72.5');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ weight: 72.5 });
  });
});

describe('yes/no widget', () => {
  it('puts No first when reversed and stores booleans', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm doc={fixture('yes-no')} onSubmit={onSubmit} />);
    const [smoker, absence] = [...document.querySelectorAll('fieldset')];
    expect([...smoker!.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['Yes', 'No']);
    expect([...absence!.querySelectorAll('.nhsuk-radios__label')].map((l) => l.textContent)).toEqual(['No', 'Yes']);
    await user.click(smoker!.querySelector<HTMLInputElement>('input[value="false"]')!);
    await user.click(absence!.querySelector<HTMLInputElement>('input[value="true"]')!);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ smoker: false, newAbsence: true });
  });
});

describe('select widget', () => {
  it('offers an empty first choice and stores the option value', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm doc={fixture('select')} onSubmit={onSubmit} />);
    const select = screen.getByLabelText(/Reason for the letter/) as HTMLSelectElement;
    expect(select.options[0]?.textContent).toBe('Select an option');
    await user.selectOptions(select, 'Travel');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ reason: 'Travel' });
  });
});
