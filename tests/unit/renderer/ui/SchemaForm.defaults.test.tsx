// @vitest-environment jsdom
// Defaults and read-only values in the browser: a default is in the box when its field first
// shows (from the document or a parameter), never over what the patient typed; a read-only value
// is an NHS summary-list row, not an input, and is sent as set.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDocument, SchemaForm, type FieldSchema, type FormDocument } from '../../../../renderer/index';

afterEach(cleanup);

const DOC: FormDocument = {
  id: 'UI_DEFAULTS',
  title: 'Defaults',
  parameters: { knownPostcode: { type: 'string', description: 'The postcode on record' } },
  pages: [{ title: 'About you', fields: ['moved', 'postcode', 'contact', 'reply', 'edition', 'medicines'] }],
  schema: {
    type: 'object',
    properties: {
      moved: { type: 'boolean', title: 'Have you moved?' },
      postcode: { type: 'string', title: 'Postcode', maxLength: 10, default: { param: 'knownPostcode' } } as unknown as FieldSchema,
      contact: { type: 'string', title: 'How should we contact you?', enum: ['Phone', 'Email'], default: 'Phone' },
      reply: { type: 'string', title: 'Your email', maxLength: 50, default: 'me@example.com' },
      edition: { type: 'string', title: 'Form edition', readOnly: true, default: '2026' },
      medicines: {
        type: 'array',
        title: 'Medicines',
        items: {
          type: 'object',
          title: 'Medicine',
          properties: {
            name: { type: 'string', title: 'Name', maxLength: 20 },
            supply: { type: 'string', title: 'Supply', maxLength: 20, default: '28 days' },
          },
        },
      },
    },
  },
  rules: {
    postcode: { enableWhen: [{ question: 'moved', operator: 'IS', answer: false }] },
    reply: { enableWhen: [{ question: 'contact', operator: 'EQ', answer: 'Email' }] },
  },
};

describe('defaults and read-only values', () => {
  it('the document passes the checker', () => {
    expect(checkDocument(DOC)).toEqual([]);
  });

  it('fills a field from a parameter when it first shows, and another when a choice shows it; never over an answer', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm doc={DOC} params={{ knownPostcode: 'LS1 4AP' }} onSubmit={onSubmit} />);
    // The choice starts at its default.
    expect((screen.getByLabelText('Phone') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/^Postcode/)).toBeNull();
    await user.click(within(screen.getByRole('group', { name: /Have you moved/ })).getByLabelText('No'));
    expect((screen.getByLabelText(/^Postcode/) as HTMLInputElement).value).toBe('LS1 4AP');
    await user.clear(screen.getByLabelText(/^Postcode/));
    await user.type(screen.getByLabelText(/^Postcode/), 'M1 1AE');
    await user.click(screen.getByLabelText('Email'));
    expect((screen.getByLabelText(/^Your email/) as HTMLInputElement).value).toBe('me@example.com');
    await user.clear(screen.getByLabelText(/^Your email/));
    await user.type(screen.getByLabelText(/^Your email/), 'a@b.co');
    // Hiding and showing the email again keeps the patient's answer.
    await user.click(screen.getByLabelText('Phone'));
    await user.click(screen.getByLabelText('Email'));
    expect((screen.getByLabelText(/^Your email/) as HTMLInputElement).value).toBe('a@b.co');
    // A medicine added gets its supply default; the first item, typed into, gets it too.
    await user.type(screen.getByLabelText(/^Name/), 'Aspirin');
    expect((screen.getAllByLabelText(/^Supply/)[0] as HTMLInputElement).value).toBe('28 days');
    await user.click(screen.getByRole('button', { name: 'Add another medicine' }));
    expect((screen.getAllByLabelText(/^Supply/)[1] as HTMLInputElement).value).toBe('28 days');
    await user.type(screen.getAllByLabelText(/^Name/)[1]!, 'Salbutamol');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({
      moved: false,
      postcode: 'M1 1AE',
      contact: 'Email',
      reply: 'a@b.co',
      edition: '2026',
      medicines: [
        { name: 'Aspirin', supply: '28 days' },
        { name: 'Salbutamol', supply: '28 days' },
      ],
    });
  });

  it('draws a read-only value as a summary-list row, not an input, with the restored answer replaced by the set value', () => {
    const { container } = render(<SchemaForm doc={DOC} initialData={{ edition: '1999' }} onSubmit={() => {}} />);
    const row = container.querySelector('dl.nhsuk-summary-list .nhsuk-summary-list__row')!;
    expect(row.querySelector('dt.nhsuk-summary-list__key')!.textContent).toBe('Form edition');
    expect(row.querySelector('dd.nhsuk-summary-list__value')!.textContent).toBe('2026');
    expect(screen.queryByRole('textbox', { name: /Form edition/ })).toBeNull();
  });
});
