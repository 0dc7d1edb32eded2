import type { AppointmentInWords } from './appointmentWords';

/** The appointment as an NHS summary list: date, time, place, clinician, type. */
export function AppointmentSummary({ words }: { words: AppointmentInWords }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Date', words.date],
    ['Time', words.time],
    [
      'Place',
      words.place.map((line, i) => (
        <span key={i} className="app-booking-place-line">
          {line}
          {i < words.place.length - 1 ? <br /> : null}
        </span>
      )),
    ],
    ['Clinician', words.clinician],
    ['Appointment', words.type],
  ];
  return (
    <dl className="nhsuk-summary-list">
      {rows.map(([key, value]) => (
        <div className="nhsuk-summary-list__row" key={key}>
          <dt className="nhsuk-summary-list__key">{key}</dt>
          <dd className="nhsuk-summary-list__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
