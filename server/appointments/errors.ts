import { HttpError } from '../errors.js';

/**
 * The refusals of the appointment calls, with their product error codes (the table in
 * schemas/api/README.md "Appointments"). Messages are the catalogue's titles, so a client that
 * shows `message` alone still says the right thing.
 */
export const appointmentErrors = {
  linkTypeMismatch: () => new HttpError(400, 'This link is invalid', { code: 'RH-E3741E' }),
  linkInvalid: () => new HttpError(404, 'This link is invalid', { code: 'RH-E3741D' }),
  linkExpired: () => new HttpError(410, 'This link has expired', { code: 'RH-E3741C' }),
  linkUsedUp: () => new HttpError(403, 'This link can no longer be used', { code: 'RH-E3741B' }),
  linkFull: () => new HttpError(403, 'This link has reached its limit', { code: 'RH-E3741A' }),
  detailsMismatch: () =>
    new HttpError(403, "The details you have provided don't correspond with those on the consultation", { reason: 'PATIENT_DETAILS_MISMATCH' }),
  bookingInProgress: () => new HttpError(409, 'This appointment is no longer available', { code: 'RH-E005' }),
  slotTaken: () => new HttpError(409, 'Sorry, this time has now been taken', { code: 'RH-E007' }),
  slotInPast: () => new HttpError(409, 'The selected slot is in the past', { reason: 'SLOT_IN_PAST' }),
  unableToUpdate: () => new HttpError(409, 'Unable to update this appointment', { code: 'RH-E1522' }),
  tooLate: () => new HttpError(409, 'The time window for updating this appointment has expired', { code: 'RH-E008' }),
  practiceOnly: () => new HttpError(403, 'This appointment type can only be changed by the practice.', { code: 'RH-E109' }),
  noMatchedPatient: () => new HttpError(409, 'Unable to find matched patient', { code: 'RH-E012' }),
  inactiveRecord: () => new HttpError(409, 'Invalid patient status', { code: 'RH-E013' }),
  recordSystemDown: () => new HttpError(503, 'The appointment system is not available', { code: 'RH-E002' }),
  temporaryFailure: () => new HttpError(503, 'There is a temporary problem', { code: 'RH-E024' }),
  slotNotInSession: () =>
    new HttpError(400, 'body/appointmentSlotId is not a slot of body/availableAppointmentSession', {
      reason: 'SLOT_NOT_IN_SESSION',
      details: [{ path: '/appointmentSlotId', message: 'is not a slot of availableAppointmentSession' }],
    }),
  identityCheckLocked: () =>
    new HttpError(429, 'Too many attempts. For your security this link is locked for 1 hour. Please try again later or call the practice.', {
      reason: 'IDENTITY_CHECK_LOCKED',
    }),
  identityCheckClientLocked: () =>
    new HttpError(429, 'Too many attempts from this device. Please try again in 1 hour or call the practice.', { reason: 'IDENTITY_CHECK_LOCKED' }),
  bookingLimit: (max: number) =>
    new HttpError(
      409,
      `You already have ${max} upcoming ${max === 1 ? 'appointment' : 'appointments'} booked online. To book another, please cancel one or call the practice.`,
      { reason: 'ONLINE_BOOKING_LIMIT' },
    ),
  slotTypeNotAllowed: () =>
    new HttpError(403, 'This appointment type cannot be booked from this request. Please choose another time.', { reason: 'SLOT_TYPE_NOT_ALLOWED' }),
  alreadyBooked: () => new HttpError(409, 'This request already has a booked appointment: reschedule it instead'),
};
