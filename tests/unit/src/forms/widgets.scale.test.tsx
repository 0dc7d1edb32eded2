// @vitest-environment jsdom
// The app's 0–10 scale (src/forms/widgets/scale-0-10.tsx), drawn through the app's widget
// registry (src/forms/widgets.tsx) the way AppLayout passes it: NHS inline radios in a fieldset,
// the ends labelled, usable from the keyboard, its error linked, its answer an integer — and a
// questionnaire section naming it draws it.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm, WidgetsProvider, type FormDocument } from '../../../../renderer/index';
import { SETTINGS_PATHS } from '../../../../src/api/settings';
import { clearTriageFlow, triageFlow } from '../../../../src/flows/guideline/journey';
import QuestionnairePage from '../../../../src/flows/triage/QuestionnairePage';
import { APP_WIDGET_DECLARATIONS } from '../../../../src/forms/widgetDeclarations';
import { APP_WIDGETS, widgetNameOf } from '../../../../src/forms/widgets';
import { renderWithSettings } from '../../support/app/renderWithSettings';
import { FIXTURE_PATIENT } from '../../support/app/fixturePatient';

const root = path.resolve(__dirname, '../../../..');
const TITLE = 'How bad is the pain now?';
const doc: FormDocument = {
  id: 'PAIN',
  title: 'Pain',
  pages: [{ title: 'Your pain', fields: ['score'] }],
  schema: { type: 'object', required: ['score'], properties: { score: { type: 'integer', title: TITLE, minimum: 0, maximum: 10 } } },
  uiSchema: { score: { 'ui:widget': 'scale-0-10', 'ui:options': { minLabel: 'No pain', maxLabel: 'Worst pain imaginable' } } },
};

function renderScale(onSubmit = vi.fn()) {
  render(
    <WidgetsProvider widgets={APP_WIDGETS}>
      <SchemaForm doc={doc} onSubmit={onSubmit} />
    </WidgetsProvider>,
  );
  return onSubmit;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the app widget registry', () => {
  it('has exactly one component file for each widget declared in schemas/widgets.json', () => {
    const files = readdirSync(path.join(root, 'src/forms/widgets'))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => widgetNameOf(f));
    expect(Object.keys(APP_WIDGETS).sort()).toEqual(files.sort());
    expect(Object.keys(APP_WIDGET_DECLARATIONS).sort()).toEqual(files.sort());
  });
});

describe('the 0–10 scale', () => {
  it('draws eleven NHS inline radios in a fieldset whose legend is the question, the two ends labelled, with no axe violations', async () => {
    renderScale();
    const group = await screen.findByRole('group', { name: `${TITLE} (required)` });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(11);
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(within(group).getByRole('radio', { name: '0 No pain' })).toBe(radios[0]);
    expect(within(group).getByRole('radio', { name: '5' })).toBe(radios[5]);
    expect(within(group).getByRole('radio', { name: '10 Worst pain imaginable' })).toBe(radios[10]);
    expect(group.querySelector('.nhsuk-radios.nhsuk-radios--inline')).not.toBeNull();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('is answered from the keyboard: Tab reaches the row, the arrow keys move along it, and Send sends an integer', async () => {
    // user-event finds the radio group's next radio with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) });
    const onSubmit = renderScale();
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: `${TITLE} (required)` });
    await user.tab();
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '0 No pain' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    const three = within(group).getByRole('radio', { name: '3' });
    expect(document.activeElement).toBe(three);
    expect((three as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ score: 3 });
    expect(typeof onSubmit.mock.calls[0]![0].score).toBe('number');
  });

  it('unanswered, Send shows the error on the group, linked from the summary to the first radio and described by the fieldset', async () => {
    const onSubmit = renderScale();
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: `${TITLE} (required)` });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const error = group.querySelector('.nhsuk-error-message');
    expect(error).not.toBeNull();
    expect(group.getAttribute('aria-describedby')?.split(' ')).toContain(error!.id);
    expect(group.closest('.nhsuk-form-group')?.classList.contains('nhsuk-form-group--error')).toBe(true);
    const link = within(screen.getByRole('alert')).getByRole('link');
    expect(link.getAttribute('href')).toBe(`#${within(group).getByRole('radio', { name: '0 No pain' }).id}`);
    expect(link.textContent).toBe(`${TITLE}: ${error!.textContent?.replace(/^Error:\s*/, '')}`);
    // Answering clears it.
    await user.click(within(group).getByRole('radio', { name: '10 Worst pain imaginable' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ score: 10 });
  });
});

describe('a questionnaire section naming the scale', () => {
  const BACK_PAIN = JSON.parse(readFileSync(path.join(root, 'schemas/questionnaires/Triage.BackPain.json'), 'utf8')) as {
    sections: Array<{ id: string; document?: FormDocument }>;
  };
  const section = BACK_PAIN.sections.find((s) => s.document?.uiSchema?.backScore)!;
  const EXECUTION_ID = '11111111-2222-4333-8444-555555555555';
  const execution = {
    identifier: EXECUTION_ID,
    guidelineId: 'Triage.BackPain',
    version: '1.0.0',
    customData: [],
    responseData: [],
    status: 'IN_PROGRESS',
    recommendations: [],
    requiredData: [],
    section: {
      id: section.id,
      number: 2,
      title: section.document!.title,
      document: section.document,
      parameters: { patientAge: 40, sexAtBirth: 'female' },
      answers: {},
    },
  };
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    vi.stubGlobal('fetch', async (input: string) => {
      const url = String(input);
      if (url === SETTINGS_PATHS.operationalState)
        return json({
          medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
          admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
        });
      if (url === SETTINGS_PATHS.clinic) return json({ name: 'Test Surgery', telephone: '0100 000 0000' });
      if (url === SETTINGS_PATHS.patientApp) return json({ useProxy: false, enableAneSubmission: true });
      if (url.includes('/GuidelineExecution/')) return json(execution);
      if (url.startsWith('/api/v1/fhir/r4/Guideline/')) return json({ guidelineId: 'Triage.BackPain', checkForAppointments: false });
      return new Response('{}', { status: 404 });
    });
    triageFlow.set({
      drafts: {},
      labels: {},
      useProxy: false,
      executionId: EXECUTION_ID,
      selection: { guidelineId: 'Triage.BackPain', label: 'Back pain', searchType: 'SYMPTOM', searchTerm: 'back pain', searchMatches: [] } as never,
      patient: FIXTURE_PATIENT as never,
      execution: execution as never,
    });
  });
  afterEach(() => clearTriageFlow());

  it("draws it with the app's registry, as AppLayout provides it", async () => {
    function Page() {
      return (
        <WidgetsProvider widgets={APP_WIDGETS}>
          <QuestionnairePage />
        </WidgetsProvider>
      );
    }
    renderWithSettings(Page, '/triage/questionnaire');
    const title = section.document!.schema.properties.backScore!.title!;
    const group = await screen.findByRole('group', { name: `${title} (required)` });
    expect(within(group).getAllByRole('radio')).toHaveLength(11);
    // The pathway's own end words (every pain score reads the same: server/documents/painScore.ts).
    const maxLabel = (section.document!.uiSchema as Record<string, { 'ui:options'?: { maxLabel?: string } }>).backScore!['ui:options']!.maxLabel!;
    expect(within(group).getByRole('radio', { name: `10 ${maxLabel}` })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: new RegExp(title.replace(/[()?]/g, '.')) })).toBeNull();
  });
});
