import { useId } from 'react';
import { dateInWords, timeInWords } from './format';
import type { groupByDay, TimeOption } from './slots';

/** One day of times, by morning, afternoon and evening; each time is a button that opens the choice. */
export function DaySection({
  day,
  onChoose,
  virtualLabel,
  sectionRef,
}: {
  day: ReturnType<typeof groupByDay>[number];
  onChoose: (time: TimeOption) => void;
  virtualLabel: string;
  sectionRef?: (el: HTMLElement | null) => void;
}) {
  const headingId = useId();
  const words = dateInWords(day.date);
  return (
    <section className="app-booking-day" aria-labelledby={headingId} ref={sectionRef} data-date={day.date}>
      <h2 id={headingId} className="nhsuk-heading-m">
        {words}
      </h2>
      {day.periods.map((period) => (
        <div key={period.period}>
          <h3 className="nhsuk-heading-s">{period.period}</h3>
          <ul className="app-booking-times nhsuk-list">
            {period.times.map((time) => (
              <li key={time.key}>
                <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-time" onClick={() => onChoose(time)}>
                  {timeInWords(time.startTime)}
                  {time.virtual !== 'none' ? (
                    <span className="app-booking-time__tag">{time.virtual === 'all' ? virtualLabel : `In person or ${virtualLabel}`}</span>
                  ) : null}
                  <span className="nhsuk-u-visually-hidden"> on {words}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
