// An appointment in words (confirmation, appointment details): date, time, place and clinician.
import type { AppointmentBookingResponse, PatientActionRequest } from '../../api/appointments';
import { LINK_STATE_TITLES } from './messages';
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
  /** Held by telephone or video (the slot's type or its site): nothing to arrive early for. */
  virtual: boolean;
}

export function appointmentInWords(booking: Booking, virtualLabel: string): AppointmentInWords {
  const virtual = booking.slot.virtual === true || booking.site?.virtual === true;
  const address = booking.site?.address;
  const place = virtual
    ? [virtualLabel, 'The practice will call you at the time of the appointment.']
    : [booking.site?.label ?? booking.siteName, ...(address ? [address.street, address.city, address.postcode].filter((x): x is string => !!x) : [])];
  const names = booking.sessionHolders ?? [];
  const clinician = names.length === 0 || names.length > 2 ? ASSIGNED_BY_PRACTICE : names.join(' or ');
  return {
    date: dateInWords(booking.date),
    time: timeRangeInWords(booking.slot.startTime, booking.slot.endTime),
    place,
    clinician,
    type: booking.slot.type,
    virtual,
  };
}

/** The heading of a link that can no longer change anything, or undefined while it can (one of the three LINK_STATE_TITLES). */
export function linkStateTitle(answer: Pick<PatientActionRequest, 'linkState' | 'appointmentStatus'>): string | undefined {
  if (answer.linkState === 'EXPIRED') return LINK_STATE_TITLES.EXPIRED;
  if (answer.linkState === 'CANCELLED' || answer.appointmentStatus === 'CANCELLED') return LINK_STATE_TITLES.CANCELLED;
  if (answer.linkState === 'PAST_START') return LINK_STATE_TITLES.PAST_START;
  return undefined;
}
