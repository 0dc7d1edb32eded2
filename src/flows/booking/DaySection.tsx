import { useId } from 'react';
import { dateInWords, timeInWords } from './format';
import type { groupByDay, TimeOption } from './slots';

/**
 * What kind of appointment a time is: the slot
 * types on offer at that time ("GP appointment", "Practice nurse appointment") and how it is
 * held ("In person", the virtual label, or both).
 */
function slotKindInWords(time: TimeOption, virtualLabel: string): string {
  const types = [...new Set(time.candidates.map((c) => c.slot.type).filter((t): t is string => typeof t === 'string' && t.trim() !== ''))];
  const how = time.virtual === 'all' ? virtualLabel : time.virtual === 'some' ? `In person or ${virtualLabel}` : 'In person';
  // A type that already says how it is held ("Telephone call with a GP") is not followed by the virtual label again.
  const saysHow = time.virtual === 'all' && types.length > 0 && types.every((t) => t.toLowerCase().includes(virtualLabel.toLowerCase().split(' ')[0] ?? ''));
  if (types.length === 0) return how;
  return saysHow ? types.join(' or ') : `${types.join(' or ')}, ${how.charAt(0).toLowerCase()}${how.slice(1)}`;
}

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
                  <span className="nhsuk-u-visually-hidden">,</span>
                  <span className="app-booking-time__tag">{slotKindInWords(time, virtualLabel)}</span>
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
