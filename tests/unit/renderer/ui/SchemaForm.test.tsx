// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm, type FormDocument } from '../../../../renderer/index';
import { fixture, loadFixtures } from '../../support/renderer-ui/fixtures';

afterEach(cleanup);

function draw(doc: FormDocument, props: Partial<Parameters<typeof SchemaForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn();
  const user = userEvent.setup();
  const utils = render(<SchemaForm doc={doc} onSubmit={onSubmit} {...props} />);
  return { ...utils, user, onSubmit };
}

/** Every id named by aria-describedby and every error-summary link target exists. */
function expectReferencesExist(container: HTMLElement) {
  for (const el of container.querySelectorAll('[aria-describedby]')) {
    for (const id of el.getAttribute('aria-describedby')!.split(/\s+/)) {
      expect(document.getElementById(id), `aria-describedby="${id}" on ${el.outerHTML.slice(0, 80)}`).not.toBeNull();
    }
  }
  for (const a of container.querySelectorAll('.nhsuk-error-summary a')) {
    const id = a.getAttribute('href')!.replace(/^#/, '');
    const target = document.getElementById(id);
    expect(target, `summary link #${id}`).not.toBeNull();
    expect(['INPUT', 'TEXTAREA', 'SELECT']).toContain(target!.tagName);
  }
}

const primary = () => screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!;

describe('error summary and error messages', () => {
  it('after a failed Next shows the banner and one link per error, and focuses the summary', async () => {
    const { user } = draw(fixture('multi-page'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    expect(summary.textContent).toContain('Please complete the errors in this form');
    expect(document.activeElement).toBe(summary);
    // Each entry names its question, then the message word for word.
    const link = within(summary).getByRole('link', { name: /^.+: Please provide input\.$/ });
    expect(link.getAttribute('href')).toBe('#field-hasPain');
    await user.click(link);
    expect(document.activeElement).toBe(document.getElementById('field-hasPain'));
    // Still on page 1.
    expect(screen.getByText('Page 1/3')).toBeTruthy();
  });

  it('marks the field in error with aria-invalid and an "Error:" message it describes', async () => {
    const { user } = draw(fixture('text'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const input = document.getElementById('field-fullName')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById('field-fullName-error')!;
    expect(error.textContent).toBe('Error: Please provide input.');
    expect(input.getAttribute('aria-describedby')).toBe('field-fullName-hint field-fullName-error');
    // The optional field has no error, so it is neither invalid nor described by an error.
    const nickname = document.getElementById('field-nickname')!;
    expect(nickname.hasAttribute('aria-invalid')).toBe(false);
    expect(nickname.hasAttribute('aria-describedby')).toBe(false);
  });

  it('uses the banner a caller gives (questionnaires)', async () => {
    const { user } = draw(fixture('yes-no'), { banner: 'Please answer all questions to proceed' });
    await user.click(primary());
    expect(screen.getByRole('alert').textContent).toContain('Please answer all questions to proceed');
  });

  it("uses the document's own message word for word", async () => {
    const { user } = draw(fixture('checkbox'));
    await user.click(primary());
    expect(within(screen.getByRole('alert')).getByRole('link').textContent).toMatch(/^.+: You must accept to continue\.$/);
  });

  it('re-evaluates errors as the patient corrects them after a failed attempt', async () => {
    const { user } = draw(fixture('text'));
    await user.click(primary());
    expect(screen.queryByRole('alert')).not.toBeNull();
    await user.type(document.getElementById('field-fullName')!, 'Ann');
    expect(document.getElementById('field-fullName-error')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  const all = loadFixtures();
  it.each(Object.keys(all))('%s: aria-describedby and summary links point only at elements that exist', async (id) => {
    const { user, container } = draw(all[id]!);
    expectReferencesExist(container);
    await user.click(primary());
    expectReferencesExist(container);
    for (const el of container.querySelectorAll('[aria-invalid="true"]')) {
      const group = el.closest('.nhsuk-form-group--error');
      expect(group, `${el.id} is invalid inside an error group`).not.toBeNull();
    }
  });
});

describe('groups', () => {
  it('draws one fieldset with a legend for every radio, checkbox, date and time group', () => {
    const { container } = draw(fixture('kitchen-sink'));
    const groupInputs = container.querySelectorAll('input[type=radio], .nhsuk-date-input input');
    expect(groupInputs.length).toBeGreaterThan(0);
    for (const input of groupInputs) {
      const fieldset = input.closest('fieldset');
      expect(fieldset, input.id).not.toBeNull();
      expect(fieldset!.querySelector(':scope > legend')?.textContent).toBeTruthy();
    }
    const multi = draw(fixture('checkboxes')).container;
    for (const input of multi.querySelectorAll('input[type=checkbox]')) {
      expect(input.closest('fieldset')?.querySelector('legend')?.textContent).toContain('Do you have any of these symptoms?');
    }
  });

  it('marks required questions with an asterisk hidden from screen readers and says "required" to them', () => {
    draw(fixture('text'));
    const label = document.querySelector('label[for="field-fullName"]')!;
    expect(label.querySelector('[aria-hidden="true"]')?.textContent?.trim()).toBe('*');
    expect(label.querySelector('.nhsuk-u-visually-hidden')?.textContent).toContain('required');
    expect(document.getElementById('field-fullName')!.getAttribute('aria-required')).toBe('true');
    expect(document.querySelector('label[for="field-nickname"]')!.textContent).not.toContain('*');
  });
});

describe('None of the above', () => {
  it('is offered and exclusive in both directions', async () => {
    const { user } = draw(fixture('checkboxes'));
    const fever = screen.getByLabelText('A high temperature') as HTMLInputElement;
    const cough = screen.getByLabelText('A new, continuous cough') as HTMLInputElement;
    const none = screen.getByLabelText('None of the above') as HTMLInputElement;
    expect(none.value).toBe('NONE_OF_THE_ABOVE');
    await user.click(fever);
    await user.click(cough);
    expect([fever.checked, cough.checked]).toEqual([true, true]);
    await user.click(none);
    expect([fever.checked, cough.checked, none.checked]).toEqual([false, false, true]);
    await user.click(cough);
    expect([cough.checked, none.checked]).toEqual([true, false]);
  });

  it('shows an option only while its option rule holds', async () => {
    const { user } = draw(fixture('checkboxes'));
    expect(screen.queryByLabelText('You are pregnant')).toBeNull();
    await user.click(screen.getByLabelText('Female'));
    expect(screen.getByLabelText('You are pregnant')).toBeTruthy();
    await user.click(screen.getByLabelText('Male'));
    expect(screen.queryByLabelText('You are pregnant')).toBeNull();
  });
});

describe('dates and times', () => {
  it('accepts digits only: day and month 2 characters, year 4', async () => {
    const { user } = draw(fixture('date'));
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    const month = screen.getByLabelText('Month') as HTMLInputElement;
    const year = screen.getByLabelText('Year') as HTMLInputElement;
    await user.type(day, '1a2b3');
    await user.type(month, 'x0-79');
    await user.type(year, '20x245');
    expect([day.value, month.value, year.value]).toEqual(['12', '07', '2024']);
    expect([day.maxLength, month.maxLength, year.maxLength]).toEqual([2, 2, 4]);
    expect(day.getAttribute('inputmode')).toBe('numeric');
  });

  it('says "Please provide a valid date." for an impossible or partial date, and "Please provide input." for none', async () => {
    const onSubmit = vi.fn();
    const { user } = draw(fixture('date'), { onSubmit });
    await user.click(primary());
    expect(document.getElementById('field-lastIssued-error')?.textContent).toBe('Error: Please provide input.');
    await user.type(screen.getByLabelText('Day'), '31');
    await user.type(screen.getByLabelText('Month'), '2');
    await user.type(screen.getByLabelText('Year'), '2024');
    await user.click(primary());
    expect(document.getElementById('field-lastIssued-error')?.textContent).toBe('Error: Please provide a valid date.');
    await user.clear(screen.getByLabelText('Year'));
    await user.click(primary());
    expect(document.getElementById('field-lastIssued-error')?.textContent).toBe('Error: Please provide a valid date.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stores a complete date as YYYY-MM-DD', async () => {
    const onSubmit = vi.fn();
    const { user } = draw(fixture('date'), { onSubmit });
    await user.type(screen.getByLabelText('Day'), '5');
    await user.type(screen.getByLabelText('Month'), '3');
    await user.type(screen.getByLabelText('Year'), '2021');
    await user.click(primary());
    expect(onSubmit).toHaveBeenCalledWith({ lastIssued: '2021-03-05' });
  });

  it('gives the 24-hour messages', async () => {
    const { user } = draw(fixture('time-24h'));
    await user.type(screen.getByLabelText('Hour'), '25');
    await user.type(screen.getByLabelText('Minute'), '00');
    await user.click(primary());
    expect(document.getElementById('field-startedAt-error')?.textContent).toBe('Error: Please provide a valid 24-hour time.');
    await user.clear(screen.getByLabelText('Hour'));
    await user.type(screen.getByLabelText('Hour'), '10');
    await user.clear(screen.getByLabelText('Minute'));
    await user.type(screen.getByLabelText('Minute'), '75');
    expect(document.getElementById('field-startedAt-error')?.textContent).toBe('Error: Please provide a valid time.');
    await user.clear(screen.getByLabelText('Minute'));
    expect(document.getElementById('field-startedAt-error')?.textContent).toBe('Error: Please provide a valid time.');
  });

  it('gives the 12-hour message and stores a 12-hour answer with its period', async () => {
    const onSubmit = vi.fn();
    const { user } = draw(fixture('time-12h'), { onSubmit });
    await user.type(screen.getByLabelText('Hour'), '13');
    await user.type(screen.getByLabelText('Minute'), '15');
    await user.click(primary());
    expect(document.getElementById('field-tookAt-error')?.textContent).toBe('Error: Please provide a valid 12-hour time.');
    await user.clear(screen.getByLabelText('Hour'));
    await user.type(screen.getByLabelText('Hour'), '2');
    await user.selectOptions(screen.getByLabelText('am or pm'), 'am');
    await user.click(primary());
    expect(onSubmit).toHaveBeenCalledWith({ tookAt: '02:15 am' });
  });

  it('accepts an afternoon 12-hour answer (2:15 pm) and asks for am or pm when it is missing', async () => {
    const onSubmit = vi.fn();
    const { user } = draw(fixture('time-12h'), { onSubmit });
    await user.type(screen.getByLabelText('Hour'), '2');
    await user.type(screen.getByLabelText('Minute'), '15');
    await user.click(primary());
    expect(document.getElementById('field-tookAt-error')?.textContent).toBe('Error: Please provide a valid time.');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('am or pm'), 'pm');
    await user.click(primary());
    expect(onSubmit).toHaveBeenCalledWith({ tookAt: '02:15 pm' });
  });
});

describe('long text', () => {
  it('counts the characters left against the maximum', async () => {
    const { user } = draw(fixture('textarea'));
    expect(screen.getByTestId('field-details-count').textContent).toBe('You have 300 characters remaining');
    await user.type(screen.getByLabelText(/Tell us about your request/), 'Hello');
    expect(screen.getByTestId('field-details-count').textContent).toBe('You have 295 characters remaining');
  });

  it('shows how many characters too many, and validation refuses it', async () => {
    const { user } = draw(fixture('textarea'), { initialData: { details: 'x'.repeat(301) } });
    expect(screen.getByTestId('field-details-count').textContent).toBe('You have 1 character too many');
    await user.click(primary());
    expect(document.getElementById('field-details-error')).not.toBeNull();
  });
});

describe('pages', () => {
  it('shows "Page n/total", validates only the current page and lets a hidden required field pass', async () => {
    const { user } = draw(fixture('multi-page'));
    expect(screen.getByText('Page 1/3')).toBeTruthy();
    // painWhere and painOther are required but hidden while hasPain is not Yes.
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Page 2/3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your address' })).toBeTruthy();
    // Page 2's required field has no error until Next is pressed on page 2.
    expect(document.querySelector('.nhsuk-error-message')).toBeNull();
  });

  it('keeps answers when going Back, and calls onBack on the first page', async () => {
    const onBack = vi.fn();
    const { user } = draw(fixture('multi-page'), { onBack });
    await user.click(screen.getByLabelText('Yes'));
    await user.click(screen.getByLabelText('Head'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Head') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('reports the page with every change', async () => {
    const onChange = vi.fn();
    const { user } = draw(fixture('multi-page'), { onChange });
    await user.click(screen.getByLabelText('No'));
    expect(onChange).toHaveBeenLastCalledWith({ hasPain: false }, 0);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith({ hasPain: false }, 1);
  });
});

describe('rules', () => {
  it('hides and prunes C when A hides B (chain A → B → C), and brings B and C back from memory', async () => {
    const onSubmit = vi.fn();
    const { user } = draw(fixture('multi-page'), { onSubmit });
    await user.click(screen.getByLabelText('Yes'));
    await user.click(screen.getByLabelText('Somewhere else'));
    await user.type(screen.getByLabelText(/Describe where the pain is/), 'Knee');
    await user.click(screen.getByLabelText('No'));
    expect(screen.queryByLabelText('Somewhere else')).toBeNull();
    expect(screen.queryByLabelText(/Describe where the pain is/)).toBeNull();
    await user.click(screen.getByLabelText('Yes'));
    expect((screen.getByLabelText(/Describe where the pain is/) as HTMLTextAreaElement).value).toBe('Knee');
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ hasPain: false, changeAddress: false });
  });

  it('forgets a clearWhenHidden answer as soon as the field is hidden', async () => {
    const { user } = draw(fixture('multi-page'), { initialPage: 1 });
    await user.click(screen.getByLabelText('Yes'));
    await user.type(screen.getByLabelText(/Your new address/), '1 High Street');
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByLabelText('Yes'));
    expect((screen.getByLabelText(/Your new address/) as HTMLTextAreaElement).value).toBe('');
  });

  it('updates a rule that reads a text answer while the patient types', async () => {
    const doc: FormDocument = {
      id: 'TYPING_RULE',
      title: 'Typing',
      pages: [{ title: 'Typing', fields: ['word', 'follow'] }],
      schema: { type: 'object', properties: { word: { type: 'string', title: 'Word' }, follow: { type: 'string', title: 'Follow-up' } } },
      rules: { follow: { enableWhen: [{ question: 'word', operator: 'CONTAINS', answer: 'pain' }] } },
    };
    const { user } = draw(doc);
    await user.type(screen.getByLabelText('Word'), 'pai');
    expect(screen.queryByLabelText('Follow-up')).toBeNull();
    await user.type(screen.getByLabelText('Word'), 'n');
    expect(screen.getByLabelText('Follow-up')).toBeTruthy();
  });

  it('shows a disabled field read-only and empty', async () => {
    const { user } = draw(fixture('kitchen-sink'), { initialData: { phone: '07700900982' } });
    const phone = screen.getByLabelText(/Phone number/) as HTMLInputElement;
    expect(phone.value).toBe('07700900982');
    await user.click(screen.getByLabelText('I do not have a phone'));
    expect(phone.disabled).toBe(true);
    expect(phone.value).toBe('');
  });
});

describe('sending', () => {
  it('sends once on a double click', async () => {
    let resolve!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const { user } = draw(fixture('text'), { onSubmit, initialData: { fullName: 'Ann' } });
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    // While the send is on its way the button says so and stays disabled.
    await user.click(screen.getByRole('button', { name: 'Sending…' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    resolve();
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('keeps every answer after a failed send and lets the patient send again', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const onSubmitError = vi.fn();
    const { user } = draw(fixture('text'), { onSubmit, onSubmitError });
    await user.type(screen.getByLabelText(/Full name/), 'Ann Smith');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onSubmitError).toHaveBeenCalledTimes(1));
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ann Smith');
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenLastCalledWith({ fullName: 'Ann Smith' });
  });

  it('trims text and straightens typographic apostrophes in what it sends', async () => {
    const onSubmit = vi.fn();
    const { user } = draw(fixture('text'), { onSubmit, initialData: { nickname: '  Jo  ' } });
    await user.type(screen.getByLabelText(/Full name/), '  Seán O’Brien ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ fullName: "Seán O'Brien", nickname: 'Jo' });
  });

  it('trims text on blur without fighting the cursor while typing', async () => {
    const { user } = draw(fixture('text'));
    const input = screen.getByLabelText(/Full name/) as HTMLInputElement;
    await user.type(input, 'Ann ');
    expect(input.value).toBe('Ann ');
    await user.tab();
    expect(input.value).toBe('Ann');
  });
});

describe('content blocks', () => {
  it('fills {param} placeholders from the parameters and follows their rules', async () => {
    const { user } = draw(fixture('kitchen-sink'), { params: { practicePhone: '01632 960 123' }, initialPage: 1 });
    expect(screen.queryByText(/Call 999 if you/)).toBeNull();
    await user.click(screen.getByLabelText('Severe'));
    expect(screen.getByText(/Call 999 if you/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('If you cannot answer, call the practice on 01632 960 123.')).toBeTruthy();
  });
});
