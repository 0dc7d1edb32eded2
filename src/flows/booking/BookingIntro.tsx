import type { AppointmentInWords } from './appointmentWords';
import { AppointmentSummary } from './AppointmentSummary';
import { NONE_SUIT_SEND } from './messages';
import { EmergencyNumber } from '../../screening/EmergencyNumber';
import { UrgentAdvice111 } from '../../screening/UrgentHelp';
import { CareCard } from '../../components/CareCard';

/**
 * What the booking screen says before its list of times: how the list is laid out and
 * that every time button says what kind of appointment it is; when rescheduling, the appointment
 * being changed; after a questionnaire, the way out without an appointment, here at the top as
 * well as at the end of the list, since the list keeps loading more days as it is read.
 */
export function BookingIntro({ current, onSendWithout }: { current?: AppointmentInWords | undefined; onSendWithout?: (() => void) | undefined }) {
  return (
    <>
      {current ? (
        <div data-testid="current-appointment">
          <h2 className="nhsuk-heading-m">Your current appointment</h2>
          <p>Choose a new time below. Your current appointment stays booked until you confirm the new one.</p>
          <AppointmentSummary words={current} />
        </div>
      ) : null}
      <p>
        Choose a time that suits you. Times are shown by day, then morning, afternoon and evening. Each time says what kind of appointment it is and whether it
        is in person or by phone.
      </p>
      {onSendWithout ? <SendWithoutAppointment onSend={onSendWithout} place="top" /> : null}
    </>
  );
}

/** "None of these times suit me — send my request": at the top of the list and again at its end. */
export function SendWithoutAppointment({ onSend, place }: { onSend: () => void; place: 'top' | 'end' }) {
  return (
    <div className="app-booking-none-suit" data-testid={`none-suit-${place}`}>
      {place === 'top' ? (
        <p>If none of the times suit you, you can send your request without an appointment. The practice will get your answers and reply to you.</p>
      ) : (
        <>
          <h2 className="nhsuk-heading-s">None of these times suit you?</h2>
          <p>Send your request without an appointment. The practice will get your answers and reply to you.</p>
        </>
      )}
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onSend}>
        {NONE_SUIT_SEND}
      </button>
    </div>
  );
}

/**
 * Safety-netting on a booking page reached after the patient chose to wait for GP care against an
 * A&E result (the emergency override): what to do while waiting for the appointment.
 */
export function WhileYouWait() {
  return (
    <CareCard type="urgent" heading="While you wait for your appointment" testId="booking-safety-net">
      <p>
        You told us it is safe for you to wait for GP care. If your symptoms get worse or you start to feel very unwell before your appointment, do not wait: go
        to A&amp;E or call <EmergencyNumber number="999" />.
      </p>
      <UrgentAdvice111 />
    </CareCard>
  );
}
