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
