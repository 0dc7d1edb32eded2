/** Loading messages, word for word as the product shows them (README "The patient app"). */
export const LOADING_MESSAGES = {
  initialising: 'Initialising',
  preparingInformation: 'Preparing information',
  preparingQuestions: 'Preparing questions',
  gettingNextQuestion: 'Getting next question',
  cancellingQuestionnaire: 'Cancelling questionnaire',
  sendingRequest: 'Sending request',
  sendingEmail: 'Sending email',
  loadingAppointments: 'Loading available appointments - this might take up to 2 minutes',
  bookingAppointment: 'Booking your appointment – this may take up to 2 minutes',
  cancellingAppointment: 'Cancelling appointment',
  checkingAppointments: 'Checking for available appointments',
  patientCheck: 'Please wait - this may take up to 2 minutes.',
} as const;

/** A spinner with its message, announced politely to screen readers. */
export function Loading({ message }: { message: string }) {
  return (
    <div role="status" className="app-loading">
      <span className="app-loading__spinner" aria-hidden="true" />
      <p className="app-loading__message nhsuk-body-l">{message}</p>
    </div>
  );
}
