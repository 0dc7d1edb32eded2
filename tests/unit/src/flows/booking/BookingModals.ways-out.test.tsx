// @vitest-environment jsdom
// The booking screen's ways out and its modals.
// - An appointment that cannot be changed online says so before the patient tries (changeRefusal).
// - RH-E005 on a link ends the screen (practiceAlreadyBooking); elsewhere it stays the product's popup.
// - The location and filter modals draw the renderer's own radio and checkbox widgets.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/api/client';
import type { PatientActionRequest } from '../../../../../src/api/appointments';
import { changeRefusal, detailsPath } from '../../../../../src/flows/booking/appointmentChange';
import { FilterModal, LocationModal } from '../../../../../src/flows/booking/BookingModals';
import type { BookingRequest } from '../../../../../src/flows/bookingRequest';
import { practiceAlreadyBooking, type Selection } from '../../../../../src/flows/booking/useBookingSelection';

afterEach(cleanup);

const BOOKED: PatientActionRequest = {
  linkUUID: 'l1',
  parType: 'APPOINTMENT_CONFIRMED',
  appointmentStatus: 'BOOKED',
  expired: false,
  linkState: 'VALID',
  consultationId: 'c1',
  changeDeadline: '2026-11-30T09:00:00.000Z',
  patientCanChange: true,
};
const BEFORE = Date.parse('2026-11-30T08:00:00.000Z');

describe('appointments that cannot be changed online', () => {
  it('a changeable appointment has no refusal', () => {
    expect(changeRefusal(BOOKED, BEFORE)).toBeUndefined();
  });
  it('a practice-only type, a practice-updated appointment and a closed change window each give the product wording', () => {
    expect(changeRefusal({ ...BOOKED, patientCanChange: false }, BEFORE)).toEqual({
      title: 'This appointment type can only be changed by the practice.',
      message: 'Please call the practice to change or cancel this appointment.',
    });
    expect(changeRefusal({ ...BOOKED, practiceUpdated: true }, BEFORE)?.message).toBe(
      'If you have not already updated or cancelled this appointment, please contact the practice directly.',
    );
    expect(changeRefusal(BOOKED, Date.parse('2026-11-30T09:00:01.000Z'))?.message).toBe(
      'The time window for updating this appointment has expired. Please contact the practice directly.',
    );
  });
  it('each outcome of the details page has its own address', () => {
    expect(detailsPath('a b')).toBe('/appointment/details?lid=a%20b');
    expect(detailsPath('l1', 'cancelled')).toBe('/appointment/details?lid=l1&view=cancelled');
    expect(detailsPath('l1', 'problem')).toBe('/appointment/details?lid=l1&view=problem');
  });
});

describe('RH-E005: the practice is already booking', () => {
  const e005 = new ApiError(409, 'This appointment is no longer available', { statusCode: 409, error: 'Conflict', message: 'x', code: 'RH-E005' });
  const self: BookingRequest = { mode: 'self', linkUUID: 'l', consultationId: 'c', dateOfBirth: '1985-04-12' };
  it('ends a link booking (every time would be refused the same way)', () => {
    expect(practiceAlreadyBooking(self, e005)).toBe(true);
    expect(practiceAlreadyBooking({ mode: 'reschedule', linkUUID: 'l', consultationId: 'c' }, e005)).toBe(true);
  });
  it('is not mistaken for another refusal, and does not end a booking after a questionnaire', () => {
    const e007 = new ApiError(409, 'taken', { statusCode: 409, error: 'Conflict', message: 'x', code: 'RH-E007' });
    expect(practiceAlreadyBooking(self, e007)).toBe(false);
    expect(practiceAlreadyBooking({ mode: 'symptom-assessment', triageRequest: {} as never }, e005)).toBe(false);
  });
});

describe("the booking modals use the renderer's widgets", () => {
  const time = { key: 't', date: '2026-11-30', startTime: '09:30', candidates: [], virtual: 'some' } as unknown as Extract<
    Selection,
    { step: 'location' }
  >['time'];

  function Location() {
    const [selection, setSelection] = useState<Extract<Selection, { step: 'location' }>>({
      step: 'location',
      time,
      options: [
        { key: 'a', label: 'Riverside Surgery', virtual: false, candidates: [] },
        { key: 'v', label: 'Telephone call', virtual: true, candidates: [] },
      ],
    });
    const [continued, setContinued] = useState(false);
    return (
      <>
        <LocationModal
          selection={continued ? undefined : selection}
          onChoose={(choice) => setSelection((s) => ({ ...s, choice }))}
          onContinue={() => {
            if (!selection.choice) return false;
            setContinued(true);
            return true;
          }}
          onCancel={() => undefined}
        />
        {continued ? <p>Chose {selection.choice}</p> : null}
      </>
    );
  }

  it('location: a fieldset with a legend, radios, and the error part when Continue is pressed with none chosen', async () => {
    const user = userEvent.setup();
    render(<Location />);
    const group = screen.getByRole('group', { name: /Monday 30 November 2026 at/ });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelectorAll('.nhsuk-radios__input')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Continue', hidden: true }));
    expect(screen.getByText('Please select an option', { exact: false }).closest('.nhsuk-error-message')).not.toBeNull();
    expect(group.closest('.nhsuk-form-group--error')).not.toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Telephone call', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Continue', hidden: true }));
    expect(screen.getByText('Chose v')).toBeTruthy();
  });

  it('filters: checkboxes without an automatic "None of the above"; Apply sends the ticked values', async () => {
    const user = userEvent.setup();
    let applied: string[] | undefined;
    render(
      <FilterModal
        open
        kind="holders"
        options={[
          { value: 'h1', label: 'Dr Ada Jones' },
          { value: 'h2', label: 'Nurse Bo Lee' },
        ]}
        chosen={[]}
        onApply={(values) => (applied = values)}
        onClose={() => undefined}
      />,
    );
    const group = screen.getByRole('group', { name: 'Who would you like to see?', hidden: true });
    expect(group.querySelectorAll('.nhsuk-checkboxes__input')).toHaveLength(2);
    expect(screen.queryByText('None of the above')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Nurse Bo Lee', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Apply', hidden: true }));
    expect(applied).toEqual(['h2']);
  });
});
