// @vitest-environment jsdom
// One timescale per request everywhere. The confirmation screens and receipts (browser)
// and the confirmation emails and texts (server) must promise the same reply time for the same
// request: every tier, the no-appointments screen, an emergency indication, a child request and
// every admin form. Each case renders the screen and compares it with what the server's
// notification code builds for the same request.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { URGENCY_TIER_VALUES, type UrgencyTier } from '../../../generated/types/api/urgency-tier';
import type { FormDocument } from '../../../renderer/index';
import AdminCompletePage from '../../../src/flows/admin/AdminCompletePage';
import { adminReceipt, makeReceipt } from '../../../src/flows/admin/receipt';
import { MEDICAL_NO_SLOTS } from '../../../src/flows/booking/messages';
import ChildConfirmationPage from '../../../src/flows/child/ChildConfirmationPage';
import { triageFlow } from '../../../src/flows/guideline/journey';
import { clearAllFlowStates } from '../../../src/flows/flowState';
import TriageThankYouPage from '../../../src/flows/triage/TriageThankYouPage';
import { TIER_LEAD } from '../../../common';
import { CHILD_REPLY, formReplyTime, medicalReplyTime } from '../../../common';
import { replyTime } from '../../../server/notifications/personalisation';
import { PRACTICE_TIER_WORDS as TIER_WORDS, type WithFormMenu } from '../../../common';
import { serveBundledForms } from '../support/app/bundledForms';

const FORMS_DIR = path.resolve(__dirname, '../../../schemas/forms');
const FORMS: Array<FormDocument & WithFormMenu> = readdirSync(FORMS_DIR)
  .filter((f) => f.endsWith('.form.json'))
  .map((f) => JSON.parse(readFileSync(path.join(FORMS_DIR, f), 'utf8')) as FormDocument & WithFormMenu)
  .filter((doc) => doc.menu !== undefined);

const PATIENT = {
  firstName: 'Amelia',
  lastName: 'Testwell',
  dateOfBirth: '1985-04-12',
  postCode: 'LS1 4AP',
  contactDetails: { emailAddress: 'amelia@example.com' },
};

beforeEach(() => {
  sessionStorage.clear();
  clearAllFlowStates();
  serveBundledForms();
});
afterEach(cleanup);

function shownReplyTime(): string {
  return screen.getByTestId('reply-time').textContent ?? '';
}

describe('medical requests: the thank-you screen says what the email says', () => {
  const cases: Array<{ tier: UrgencyTier | undefined; type: string }> = [];
  for (const tier of [...URGENCY_TIER_VALUES, undefined]) for (const type of ['CONSULTATION_REQUEST', 'EMERGENCY_INDICATION']) cases.push({ tier, type });

  it.each(cases)('tier $tier, $type', ({ tier, type }) => {
    triageFlow.set({ sent: { executionId: 'e1', useProxy: false, triageRequestType: type, ...(tier ? { tier } : {}) } });
    render(
      <MemoryRouter>
        <TriageThankYouPage />
      </MemoryRouter>,
    );
    const email = replyTime(type, tier);
    expect(shownReplyTime()).toBe(email.long);
    // No other reply time on the page contradicts it.
    const page = document.body.textContent ?? '';
    if (!email.long.includes('48 hours')) expect(page).not.toContain('48 hours');
    expect(page).not.toMatch(/within 2 working days/);
  });

  it("a routine request: the spec's 48 hours on the thank-you screen, in the tier's lead line and in the practice's inbox words", () => {
    expect(replyTime('CONSULTATION_REQUEST', 'ROUTINE').long).toBe('The practice will reply within 48 hours, Monday to Friday, excluding public holidays.');
    expect(TIER_LEAD.ROUTINE).toBe('The practice will reply within 48 hours, Monday to Friday, excluding public holidays');
    expect(TIER_WORDS.ROUTINE).toContain('within 48 hours');
  });

  it("the no-appointments screen keeps the spec's sentence (2 working days, the same timescale); what follows it says the thank-you page's 48 hours", () => {
    expect(MEDICAL_NO_SLOTS).toBe('If you send your request, the practice will respond within 2 working days.');
    // The server cannot tell that screen's send from any other (both carry NO_APPOINTMENTS): by tier alone.
    expect(medicalReplyTime({ requestType: 'CONSULTATION_REQUEST' }).long).toBe(
      'The practice will reply within 48 hours, Monday to Friday, excluding public holidays.',
    );
  });

  it('an emergency tier never promises a reply time to wait for, on screen or in the email', () => {
    for (const tier of ['CALL_999', 'AE_NOW'] as const) {
      const r = replyTime('CONSULTATION_REQUEST', tier);
      expect(r.long).toMatch(/do not wait/i);
      expect(r.short).toMatch(/do not wait/i);
      expect(r.long).not.toMatch(/48 hours|working day/);
    }
  });

  it('urgent today promises today, and 111 when the practice is closed, never a later day', () => {
    for (const kind of ['triage', 'child'] as const) {
      const r = medicalReplyTime({ requestType: kind === 'child' ? 'CHILD_REQUEST' : 'CONSULTATION_REQUEST', tier: 'URGENT_TODAY', kind });
      expect(r.long).toMatch(/today/);
      expect(r.long).toMatch(/111/);
      expect(r.short).toMatch(/today/);
      expect(`${r.long} ${r.short}`).not.toMatch(/48 hours|working day/);
    }
  });
});

describe('a child request', () => {
  it('the confirmation says what the email says: within 1 working day', () => {
    triageFlow.set({ sent: { executionId: 'e1', useProxy: false, triageRequestType: 'CHILD_REQUEST' } });
    render(
      <MemoryRouter>
        <ChildConfirmationPage />
      </MemoryRouter>,
    );
    expect(shownReplyTime()).toBe(CHILD_REPLY.long);
    expect(CHILD_REPLY.long).toBe('The practice will contact you within 1 working day.');
  });
});

describe('admin forms: the form, the receipt and the email give one reply time', () => {
  it.each(FORMS.map((doc) => [doc.id, doc] as const))('%s', async (_id, doc) => {
    const email = formReplyTime(doc.menu?.reply);
    const receipt = await makeReceipt(
      { id: 'abcdef12-0000', status: 'NEW', receivedAt: '2026-11-25T10:00:00.000Z' },
      { formType: doc.id, triageRequestType: doc.id, submittedDate: '2026-11-25T10:00:00.000Z', patient: PATIENT } as never,
      doc.menu!.label,
    );
    expect(receipt.replyTime).toBe(email.long);
    adminReceipt.set({ receipt });
    render(
      <MemoryRouter>
        <AdminCompletePage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('receipt-reply-time').textContent).toBe(email.long);
    // Only one reply time on the receipt: the default 48 hours only when it is the form's.
    const page = document.body.textContent ?? '';
    if (!email.long.includes('48 hours')) expect(page).not.toContain('48 hours');
    // A form that words its reply time itself says it word for word, as the receipt and email do.
    const sentence = doc.menu?.reply?.sentence;
    if (sentence) expect(JSON.stringify(doc.pages)).toContain(sentence);
  });

  it("the spec's reply times: repeat prescription 3 days, other enquiry two working days, a doctor's letter at least two weeks, the rest 48 hours", () => {
    const byId = Object.fromEntries(FORMS.map((d) => [d.id, formReplyTime(d.menu?.reply).long]));
    expect(byId.REPEAT_PRESCRIPTION).toBe('You will hear from us in the next 3 days.');
    expect(byId.OTHER_ENQUIRY).toBe('The practice aims to respond within two working days.');
    expect(byId.DOCTOR_LETTER).toBe('Please allow at least two weeks for your letter to be written.');
    expect(byId.FIT_NOTE).toBe('The practice will reply within 48 hours, Monday to Friday, excluding public holidays.');
  });
});
