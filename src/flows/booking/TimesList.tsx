import { useEffect, useState } from 'react';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { DaySection } from './DaySection';
import type { DayGroup, TimeOption } from './slots';
import type { Availability } from './useAvailability';

interface TimesListProps {
  days: DayGroup[];
  slots: Availability;
  onChoose: (time: TimeOption) => void;
  virtualLabel: string;
}

/** Drawing the times by day, with "Show more times" and Try again; more load as the last day scrolls into view. */
export function TimesList({ days, slots, onChoose, virtualLabel }: TimesListProps) {
  const { nextLink, loading, loadFailed } = slots;
  const [lastDay, setLastDay] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!lastDay || !nextLink || loading || loadFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) slots.loadMore();
    });
    observer.observe(lastDay);
    return () => observer.disconnect();
  }, [lastDay, nextLink, loading, loadFailed, slots]);

  return (
    <>
      {days.map((day, index) => (
        <DaySection key={day.date} day={day} onChoose={onChoose} virtualLabel={virtualLabel} sectionRef={index === days.length - 1 ? setLastDay : undefined} />
      ))}
      {loading === 'more' ? <Loading message={LOADING_MESSAGES.loadingAppointments} /> : null}
      {nextLink && !loading && !loadFailed ? (
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={slots.loadMore}>
          Show more times
        </button>
      ) : null}
      {loadFailed ? (
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={slots.retry}>
          Try again
        </button>
      ) : null}
    </>
  );
}
