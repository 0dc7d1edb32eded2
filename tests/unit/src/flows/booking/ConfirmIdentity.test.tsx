// @vitest-environment jsdom
// Reschedule or "Cancel it" on a link asks the patient's date of birth first
// (src/flows/booking/ConfirmIdentity.tsx): the confirm view's address, the refusal when the
// server's proof has lapsed, and what the tab remembers (that the check passed, never the date).
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/client';
import { detailsPath } from '../../../../../src/flows/booking/appointmentChange';
import { bookingErrorOutcome } from '../../../../../src/flows/booking/bookingErrors';
import { identityChecked, rememberIdentityChecked } from '../../../../../src/flows/booking/ConfirmIdentity';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => sessionStorage.clear());

describe('the date-of-birth check before a change or cancel', () => {
  it('is a view of the details page with its own address, naming what comes after it', () => {
    expect(detailsPath('l1', 'confirm', 'cancel')).toBe('/appointment/details?lid=l1&view=confirm&then=cancel');
    expect(detailsPath('l1', 'confirm', 'reschedule')).toBe('/appointment/details?lid=l1&view=confirm&then=reschedule');
    // Only the confirm view carries `then`.
    expect(detailsPath('l1', 'cancelled', 'cancel')).toBe('/appointment/details?lid=l1&view=cancelled');
  });

  it("a lapsed or missing check is said in plain words, not as the server's developer message", () => {
    const refused = new ApiError(403, 'Please confirm your date of birth before … (POST /api/v1/…)', {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Please confirm your date of birth before … (POST /api/v1/…)',
      reason: 'IDENTITY_CHECK_REQUIRED',
    });
    for (const operation of ['book', 'cancel'] as const) {
      const outcome = bookingErrorOutcome(refused, operation);
      expect(outcome).toEqual({
        kind: 'popup',
        title: 'Please confirm your date of birth again',
        message: 'For your security, please go back to your appointment and confirm your date of birth before you change or cancel it.',
      });
    }
  });

  it('the tab remembers that the check passed for that link for 55 minutes, and nothing else', () => {
    const now = Date.parse('2026-11-30T08:00:00.000Z');
    expect(identityChecked('l1', now)).toBe(false);
    rememberIdentityChecked('l1', now);
    expect(identityChecked('l1', now + 54 * 60_000)).toBe(true);
    expect(identityChecked('l1', now + 55 * 60_000)).toBe(false);
    expect(identityChecked('l2', now)).toBe(false);
    expect(Object.values({ ...sessionStorage })).toEqual([String(now)]);
    expect(localStorage.length).toBe(0);
  });
});

// The page itself: Cancel it asks first, the right date opens the cancel question. The practice's
// answers are stubbed; the form is the SELF_BOOKING document as the server serves it.
vi.mock('../../../../../src/api/appointments', async (original) => {
  const actual = await original<object>();
  return { ...actual, fetchActionRequest: vi.fn() };
});
vi.mock('../../../../../src/forms/useForm', async (original) => {
  const actual = await original<object>();
  const { readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const doc = JSON.parse(readFileSync(path.resolve(process.cwd(), 'schemas/forms/SELF_BOOKING.form.json'), 'utf8')) as unknown;
  return { ...actual, useForm: () => ({ status: 'ready', form: { doc, schemaCheck: () => [] } }) };
});
const { fetchActionRequest } = await import('../../../../../src/api/appointments');
const { default: AppointmentDetailsPage } = await import('../../../../../src/flows/booking/AppointmentDetailsPage');
const { renderWithSettings } = await import('../../../support/app/renderWithSettings');

describe('the details page', () => {
  const BOOKED = {
    linkUUID: 'l1',
    parType: 'APPOINTMENT_CONFIRMED' as const,
    appointmentStatus: 'BOOKED' as const,
    expired: false,
    linkState: 'VALID' as const,
    consultationId: 'c1',
    changeDeadline: '2099-11-30T09:00:00.000Z',
    patientCanChange: true,
    appointmentBooking: {
      siteName: 'Riverside Medical Practice',
      date: '2099-11-30',
      slot: {
        id: 's1',
        type: 'GP appointment',
        virtual: false,
        startTime: '10:00',
        endTime: '10:10',
        dateTimeInMilliseconds: Date.parse('2099-11-30T10:00:00Z'),
      },
    },
  };

  it('"Cancel it" shows "Confirm it is you" first; the date of birth goes to the practice with the link, then the cancel question opens', async () => {
    const fetch = vi.mocked(fetchActionRequest);
    fetch.mockResolvedValue(BOOKED as never);
    const router = renderWithSettings(AppointmentDetailsPage, '/appointment/details?lid=l1');
    const where = () => router.state.location.pathname + router.state.location.search;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Cancel it/ }));
    await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' });
    expect(where()).toBe('/appointment/details?lid=l1&view=confirm&then=cancel');
    expect(document.querySelector('dialog[open]')).toBeNull();
    await user.type(screen.getByLabelText('Day'), '12');
    await user.type(screen.getByLabelText('Month'), '4');
    await user.type(screen.getByLabelText('Year'), '1985');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith('APPOINTMENT_CONFIRMED', 'l1', { dateOfBirth: '1985-04-12' }));
    await waitFor(() => expect(where()).toBe('/appointment/details?lid=l1'));
    await waitFor(() => expect(document.querySelector('dialog[open]')?.textContent).toContain('Cancel this appointment?'));
    expect(identityChecked('l1')).toBe(true);
  });
});
