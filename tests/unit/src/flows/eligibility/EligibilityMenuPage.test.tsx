// @vitest-environment jsdom
// /eligibility/booking as the patient sees it: the practice's eligibility pathways sorted by label,
// or, when the practice lists none, "No options found. Please contact the practice." with its phone.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../../../src/api/settings';
import EligibilityMenuPage from '../../../../../src/flows/eligibility/EligibilityMenuPage';
import { renderWithSettings, stubFetch } from '../../../support/app/renderWithSettings';

function serve(eligibilityGuidelines: unknown[]) {
  stubFetch({
    [SETTINGS_PATHS.clinic]: { name: 'Test Surgery', telephone: '0100 000 0000' },
    [SETTINGS_PATHS.shared]: { featureSets: ['SMART_DIRECT_BOOKING'], enableChildRequests: false, nhsLogin: { enabled: false }, eligibilityGuidelines },
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const renderMenu = () => renderWithSettings(EligibilityMenuPage, '/eligibility/booking');

describe('the standard-appointments menu', () => {
  it('with no pathways: "No options found. Please contact the practice." and the practice phone', async () => {
    serve([]);
    renderMenu();
    await screen.findByRole('heading', { level: 1, name: 'A very warm welcome' });
    expect(screen.getByTestId('no-eligibility-options').textContent).toContain('No options found. Please contact the practice.');
    expect(screen.getByRole('link', { name: '0100 000 0000' }).getAttribute('href')).toBe('tel:01000000000');
    expect(screen.queryByTestId('eligibility-options')).toBeNull();
    // It is home for the rest of the session.
    expect(sessionStorage.getItem('session:home')).toBe('/eligibility/booking');
  });

  it("lists the practice's eligibility pathways sorted by label, and nothing else", async () => {
    serve([
      { guidelineId: 'Eligibility.FluVaccination', kind: 'eligibility', label: 'Flu vaccination' },
      { guidelineId: 'Triage.SoreThroat', kind: 'triage', label: 'A sore throat' },
      { guidelineId: 'Eligibility.BloodTest', kind: 'eligibility', label: 'Blood test' },
    ]);
    renderMenu();
    const list = await screen.findByTestId('eligibility-options');
    const links = [...list.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual(['Blood test', 'Flu vaccination']);
    expect(screen.queryByTestId('no-eligibility-options')).toBeNull();
  });
});
