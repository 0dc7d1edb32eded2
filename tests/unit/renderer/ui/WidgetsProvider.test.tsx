// @vitest-environment jsdom
// The widget registry and the strings catalogue are plain data: <SchemaForm widgets={…}
// strings={…}> merges a partial override over the defaults.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_STRINGS,
  DEFAULT_WIDGETS,
  SchemaForm,
  WIDGETS,
  mergeStrings,
  mergeWidgets,
  WidgetsProvider,
  type FormDocument,
  type WidgetProps,
} from '../../../../renderer/index';
import { renderProbe } from '../../../../renderer/ui/formContext';

afterEach(() => {
  renderProbe.current = undefined;
  cleanup();
});

const doc: FormDocument = {
  id: 'REGISTRY',
  title: 'Registry',
  pages: [{ title: 'About you', fields: ['name', 'born', 'symptoms', 'smoker'] }],
  schema: {
    type: 'object',
    required: ['name', 'born'],
    properties: {
      name: { type: 'string', title: 'Your name' },
      born: { type: 'string', format: 'date', title: 'Date of birth' },
      symptoms: { type: 'array', title: 'Symptoms', items: { type: 'string', enum: ['Cough', 'Fever'] } },
      smoker: { type: 'boolean', title: 'Do you smoke?' },
    },
  },
};

/** A custom date widget: one plain input storing what is typed. */
function PlainDate({ id, label, snap, set, widget }: WidgetProps) {
  return (
    <div className="custom-date">
      <label htmlFor={id}>{label}</label>
      <input id={id} data-widget={widget} value={typeof snap.value === 'string' ? snap.value : ''} onChange={(e) => set(e.target.value || undefined)} />
    </div>
  );
}

/** A new widget name's component: one button per star. */
function Stars({ label, widget, set }: WidgetProps) {
  return (
    <div data-testid="stars" data-widget={widget}>
      <span>{label}</span>
      <button type="button" onClick={() => set(5)}>
        5 stars
      </button>
    </div>
  );
}

describe('widget registry', () => {
  it('has a component for every widget name', () => {
    expect(Object.keys(DEFAULT_WIDGETS).sort()).toEqual([...WIDGETS].sort());
  });

  it('merges overrides over the defaults: a built-in name replaces it, a new name adds a widget; later wins', () => {
    const merged = mergeWidgets({ date: PlainDate, 'my-scale': PlainDate }, { date: Stars });
    expect(merged.date).toBe(Stars);
    expect(merged['my-scale']).toBe(PlainDate);
    expect(merged.text).toBe(DEFAULT_WIDGETS.text);
    expect(Object.keys(merged).sort()).toEqual([...Object.keys(DEFAULT_WIDGETS), 'my-scale'].sort());
  });

  it('ignores entries that are not components or whose names are not widget names', () => {
    const merged = mergeWidgets({ ...({ broken: 'not a component', 'two words': PlainDate } as object) });
    expect(Object.keys(merged).sort()).toEqual(Object.keys(DEFAULT_WIDGETS).sort());
    expect(mergeWidgets(undefined, undefined)).toBe(DEFAULT_WIDGETS);
  });

  it("draws a document's ui:widget naming a new widget from the provider, and the `widgets` prop wins over the provider", () => {
    const starDoc: FormDocument = {
      id: 'STARS',
      title: 'Stars',
      pages: [{ title: 'Rate us', fields: ['rating'] }],
      schema: { type: 'object', properties: { rating: { type: 'integer', title: 'Rating' } } },
      uiSchema: { rating: { 'ui:widget': 'stars' } },
    };
    const { unmount } = render(
      <WidgetsProvider widgets={{ stars: Stars }}>
        <SchemaForm doc={starDoc} onSubmit={vi.fn()} />
      </WidgetsProvider>,
    );
    expect(screen.getByTestId('stars').getAttribute('data-widget')).toBe('stars');
    unmount();
    render(
      <WidgetsProvider widgets={{ stars: PlainDate }}>
        <SchemaForm doc={starDoc} onSubmit={vi.fn()} widgets={{ stars: Stars }} />
      </WidgetsProvider>,
    );
    expect(screen.getByTestId('stars')).toBeTruthy();
    expect(document.querySelector('.custom-date')).toBeNull();
  });

  it('without the widget registered, the unknown name falls back to a text box (the checker refuses such a document)', () => {
    const starDoc: FormDocument = {
      id: 'STARS',
      title: 'Stars',
      pages: [{ title: 'Rate us', fields: ['rating'] }],
      schema: { type: 'object', properties: { rating: { type: 'string', title: 'Rating' } } },
      uiSchema: { rating: { 'ui:widget': 'stars' } },
    };
    render(<SchemaForm doc={starDoc} onSubmit={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Rating' })).toBeTruthy();
    expect(screen.queryByTestId('stars')).toBeNull();
  });

  it('draws a field with a custom widget passed via `widgets`, and the others with the defaults', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm doc={doc} onSubmit={onSubmit} widgets={{ date: PlainDate }} />);
    // The custom widget replaces the day / month / year boxes.
    const born = screen.getByLabelText('Date of birth');
    expect(born.getAttribute('data-widget')).toBe('date');
    expect(document.querySelector('.custom-date')).not.toBeNull();
    expect(screen.queryByLabelText('Day')).toBeNull();
    // The others are the defaults.
    expect(screen.getByRole('group', { name: 'Symptoms' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Your name/), 'Ann');
    await user.type(born, '1990-04-01');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', born: '1990-04-01' });
  });

  it('an inline override with the same contents does not re-render the fields', async () => {
    const counts = new Map<string, number>();
    renderProbe.current = (field) => counts.set(field, (counts.get(field) ?? 0) + 1);
    function Host() {
      const [n, setN] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setN(n + 1)}>
            {`again ${n}`}
          </button>
          <SchemaForm doc={doc} onSubmit={vi.fn()} widgets={{ date: PlainDate }} strings={{ send: 'Submit' }} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Host />);
    counts.clear();
    await user.click(screen.getByRole('button', { name: 'again 0' }));
    expect(screen.getByRole('button', { name: 'again 1' })).toBeTruthy();
    expect([...counts.keys()]).toEqual([]);
  });
});

describe('strings catalogue', () => {
  it('merges a partial override over the defaults', () => {
    expect(mergeStrings(undefined)).toBe(DEFAULT_STRINGS);
    const merged = mergeStrings({ yes: 'Ie' });
    expect(merged.yes).toBe('Ie');
    expect(merged.no).toBe('No');
  });

  it('draws the overridden words and keeps the defaults for the rest', async () => {
    const user = userEvent.setup();
    render(
      <SchemaForm
        doc={doc}
        onSubmit={vi.fn()}
        strings={{
          send: 'Anfon',
          errorSummaryTitle: 'Mae problem',
          errorBanner: 'Cywirwch y gwallau',
          requiredLine: 'Rhaid ateb cwestiynau â seren (*).',
          day: 'Diwrnod',
          month: 'Mis',
          year: 'Blwyddyn',
          noneOfTheAbove: 'Dim un o’r uchod',
          yes: 'Ydw',
          no: 'Nac ydw',
        }}
      />,
    );
    expect(screen.getByText('Rhaid ateb cwestiynau â seren (*).')).toBeTruthy();
    expect(screen.queryByText(DEFAULT_STRINGS.requiredLine)).toBeNull();
    expect(screen.getByLabelText('Diwrnod')).toBeTruthy();
    expect(screen.getByLabelText('Mis')).toBeTruthy();
    expect(screen.getByLabelText('Blwyddyn')).toBeTruthy();
    expect(screen.getByLabelText('Dim un o’r uchod')).toBeTruthy();
    expect(screen.getByLabelText('Ydw')).toBeTruthy();
    expect(screen.getByLabelText('Nac ydw')).toBeTruthy();
    // Not overridden: the default hint.
    expect(screen.getByText(DEFAULT_STRINGS.checkboxesHint)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Anfon' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Mae problem' })).toBeTruthy();
    expect(summary.textContent).toContain('Cywirwch y gwallau');
  });

  it('a yesLabel in the document still wins over the catalogue', () => {
    const withLabels: FormDocument = { ...doc, uiSchema: { smoker: { 'ui:options': { yesLabel: 'I smoke' } } } };
    render(<SchemaForm doc={withLabels} onSubmit={vi.fn()} strings={{ yes: 'Ydw', no: 'Nac ydw' }} />);
    expect(screen.getByLabelText('I smoke')).toBeTruthy();
    expect(screen.getByLabelText('Nac ydw')).toBeTruthy();
  });
});
