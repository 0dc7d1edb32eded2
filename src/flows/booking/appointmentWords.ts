// An appointment in words (confirmation, appointment details): date, time, place and clinician.
import type { AppointmentBookingResponse } from '../../api/appointments';
import { dateInWords, timeRangeInWords } from './format';
import { ASSIGNED_BY_PRACTICE } from './slots';

type Booking = AppointmentBookingResponse['appointmentBooking'];

export interface AppointmentInWords {
  date: string;
  time: string;
  /** The site and its address, or the virtual label (e.g. "Telephone call"). */
  place: string[];
  clinician: string;
  type: string;
}

export function appointmentInWords(booking: Booking, virtualLabel: string): AppointmentInWords {
  const virtual = booking.slot.virtual === true || booking.site?.virtual === true;
  const address = booking.site?.address;
  const place = virtual
    ? [virtualLabel, 'The practice will call you at the time of the appointment.']
    : [booking.site?.label ?? booking.siteName, ...(address ? [address.street, address.city, address.postcode].filter((x): x is string => !!x) : [])];
  const names = booking.sessionHolders ?? [];
  const clinician = names.length === 0 || names.length > 2 ? ASSIGNED_BY_PRACTICE : names.join(' or ');
  return { date: dateInWords(booking.date), time: timeRangeInWords(booking.slot.startTime, booking.slot.endTime), place, clinician, type: booking.slot.type };
}
