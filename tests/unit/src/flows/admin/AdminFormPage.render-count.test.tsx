// @vitest-environment jsdom
// App-level twin of tests/unit/renderer/ui/formModel.render-count.test.tsx: on the real admin form page,
// with the settings, the flow store and the error system around it, a keystroke re-renders
// only the field typed in. (useSettings used to hand the page new settings objects on every
// render, so each keystroke gave the form new parameters and re-evaluated every rule.)
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderProbe } from '../../../../../renderer/ui/formContext';
import { FormModel } from '../../../../../renderer/ui/formModel';
import { SETTINGS_PATHS } from '../../../../../src/api/settings';
import AdminFormPage from '../../../../../src/flows/admin/AdminFormPage';
import { adminFlow } from '../../../../../src/flows/admin/adminFlow';
import { useSettings } from '../../../../../src/settings/useSettings';
import { renderWithSettings, stubFetch } from '../../../support/app/renderWithSettings';
import { serveBundledForms } from '../../../support/app/bundledForms';

const RESPONSES: Record<string, unknown> = {
  [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
  [SETTINGS_PATHS.adminForms]: {
    forms: [{ type: 'FIT_NOTE', label: 'Fit note', subTitle: 'Extend a sick note', requiresPatientRecord: true }],
    links: { sickLeaveRights: 'https://example.org/sick-leave' },
    customFields: {},
    patientEnabledForms: ['FIT_NOTE'],
  },
  [SETTINGS_PATHS.notificationConfig]: { sms: { enabled: true } },
  [SETTINGS_PATHS.shared]: { featureSets: ['SMART_TRIAGE'], enableChildRequests: false, nhsLogin: { enabled: false } },
};

let counts: Map<string, number>;
beforeEach(() => {
  serveBundledForms();
  stubFetch(RESPONSES);
  adminFlow.set({ patient: { firstName: 'Amelia', lastName: 'Testwell', dateOfBirth: '1985-04-12', postCode: 'LS1 4AP', age: 41 } });
  counts = new Map();
  renderProbe.current = (field) => counts.set(field, (counts.get(field) ?? 0) + 1);
});
afterEach(() => {
  renderProbe.current = undefined;
  cleanup();
  adminFlow.clear();
  vi.unstubAllGlobals();
});

/** The app shows "Initialising" until the settings have answered; the page is drawn after. */
const renderPage = () => renderWithSettings(AdminFormPage, '/admin-request/form?request=FIT_NOTE');

describe('admin form page re-renders', () => {
  it('a keystroke re-renders only the field typed in', async () => {
    const user = userEvent.setup();
    renderPage();
    // The yes/no question reveals the rest of the form.
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    const description = await screen.findByLabelText(/Describe why you need the fit note/);
    const setParams = vi.spyOn(FormModel.prototype, 'setParams');
    counts.clear();
    await user.type(description, 'abc');
    // The page re-renders on each keystroke (it keeps the answers in the flow store), but the
    // settings, and so the form's parameters, are the same objects: no rule is re-evaluated.
    expect(setParams).not.toHaveBeenCalled();
    expect([...counts.keys()]).toEqual(['description']);
    expect(counts.get('description')).toBe(3);
    // The answers still reach the flow store (what the page keeps in sessionStorage).
    expect(adminFlow.get().answers.FIT_NOTE?.description).toBe('abc');
  });

  it('useSettings hands back the same objects while the fetched data stays the same', async () => {
    const seen: ReturnType<typeof useSettings>[] = [];
    function Probe({ n }: { n: number }) {
      const state = useSettings();
      seen.push(state);
      return <p>{state.ready ? `ready ${n}` : 'Initialising'}</p>;
    }
    const view = render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Probe n={1} />
      </SWRConfig>,
    );
    await screen.findByText('ready 1');
    const before = seen.at(-1)!;
    view.rerender(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Probe n={2} />
      </SWRConfig>,
    );
    await screen.findByText('ready 2');
    const after = seen.at(-1)!;
    expect(after).toBe(before);
    expect(after.settings).toBe(before.settings);
    expect(after.features).toBe(before.features);
  });
});
