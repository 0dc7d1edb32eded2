// @vitest-environment jsdom
// Where the spec's words are terse ("A very warm welcome", "Reschedule", "Please
// provide input.", "Please complete the errors in this form") they stay word for word, and a
// plain hint says what they are about.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_PATHS } from '../../../../../src/api/settings';
import { APPOINTMENT_PATHS } from '../../../../../src/api/appointments';
import AppointmentDetailsPage from '../../../../../src/flows/booking/AppointmentDetailsPage';
import EligibilityMenuPage from '../../../../../src/flows/eligibility/EligibilityMenuPage';
import { renderWithSettings, stubFetch } from '../../../support/app/renderWithSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const CLINIC = { name: 'Test Surgery', telephone: '0100 000 0000' };

describe('"A very warm welcome"', () => {
  it('keeps the heading word for word, with a caption and a plain line saying what the page is for', async () => {
    stubFetch({
      [SETTINGS_PATHS.clinic]: CLINIC,
      [SETTINGS_PATHS.shared]: { featureSets: ['SMART_DIRECT_BOOKING'], enableChildRequests: false, nhsLogin: { enabled: false }, eligibilityGuidelines: [] },
    });
    renderWithSettings(EligibilityMenuPage, '/eligibility/booking');
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('A very warm welcome');
    expect(screen.getByTestId('welcome-caption').textContent).toBe('Standard appointments');
    expect(screen.getByText('Please select the option you need below.')).toBeTruthy();
    expect(screen.getByTestId('welcome-hint').textContent).toContain('Book an appointment with the practice');
  });
});

describe('"Reschedule" and "Cancel it" on an appointment', () => {
  it("show the product's words and tell a screen reader which appointment", async () => {
    stubFetch({
      [SETTINGS_PATHS.clinic]: CLINIC,
      [APPOINTMENT_PATHS.actionRequest('APPOINTMENT_CONFIRMED', 'l1')]: {
        linkUUID: 'l1',
        parType: 'APPOINTMENT_CONFIRMED',
        appointmentStatus: 'BOOKED',
        expired: false,
        linkState: 'VALID',
        consultationId: 'c1',
        patientCanChange: true,
        appointmentBooking: {
          date: '2099-11-26',
          slot: { startTime: '08:30', endTime: '08:45', type: 'GP appointment', virtual: false },
          siteName: 'Riverside Medical Practice',
          sessionHolders: ['Dr Priya Shah'],
        },
      },
    });
    renderWithSettings(AppointmentDetailsPage, '/appointment/details?lid=l1');
    const reschedule = await screen.findByRole('button', { name: /^Reschedule/ });
    expect(reschedule.textContent).toBe('Reschedule your appointment on Thursday 26 November 2099, 8:30am to 8:45am');
    const hidden = reschedule.querySelector('.nhsuk-u-visually-hidden');
    // What is seen is the product's word alone; the rest is for screen readers.
    expect(reschedule.textContent?.replace(hidden?.textContent ?? '', '')).toBe('Reschedule');
    const cancel = screen.getByRole('button', { name: /^Cancel it/ });
    expect(cancel.textContent?.replace(cancel.querySelector('.nhsuk-u-visually-hidden')?.textContent ?? '', '')).toBe('Cancel it');
    expect(cancel.textContent).toContain('Thursday 26 November 2099');
  });
});

describe('"Please provide input." in the error summary', () => {
  // The renderer's summary entry is '{question}: {message}' with the question's schema title
  // (renderer/ui/ErrorSummary.tsx; tests/unit/renderer/ui/SchemaForm.test.tsx shows the link):
  // every question of every form therefore needs a title, or its entry would read only "Please provide input.".
  const dir = path.resolve(__dirname, '../../../../../schemas/forms');
  const docs = readdirSync(dir)
    .filter((f) => f.endsWith('.form.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { id: string; schema: { properties: Record<string, { title?: string }> } });
  it.each(docs.map((d) => [d.id, d] as const))('%s: every question has a title for its summary entry', (_id, doc) => {
    const untitled = Object.entries(doc.schema.properties)
      .filter(([, p]) => !p.title?.trim())
      .map(([k]) => k);
    expect(untitled).toEqual([]);
  });

  // The questionnaires' sections are form documents too (schemas/questionnaires/README.md).
  const qdir = path.resolve(__dirname, '../../../../../schemas/questionnaires');
  const questionnaires = readdirSync(qdir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.json'));
  function untitledQuestions(node: unknown, found: string[] = []): string[] {
    if (Array.isArray(node)) node.forEach((n) => untitledQuestions(n, found));
    else if (node && typeof node === 'object') {
      const schema = (node as { schema?: { properties?: Record<string, { title?: string }> } }).schema;
      for (const [k, p] of Object.entries(schema?.properties ?? {})) if (!p.title?.trim()) found.push(k);
      Object.values(node).forEach((n) => untitledQuestions(n, found));
    }
    return found;
  }
  it('every question of every questionnaire section has a title for its summary entry', () => {
    expect(questionnaires.length).toBeGreaterThan(10);
    const untitled = questionnaires.flatMap((f) => untitledQuestions(JSON.parse(readFileSync(path.join(qdir, f), 'utf8'))).map((k) => `${f}: ${k}`));
    expect(untitled).toEqual([]);
  });
});
