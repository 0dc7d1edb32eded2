import { useEffect, useState } from 'react';
import { bookingFlow } from '../bookingRequest';
import { FilterModal } from './BookingModals';
import { filterButtonText, filtersInvalid, type Candidate, type FilterOption, type SlotFilters } from './slots';

type FilterKind = 'sites' | 'holders';
type Options = Record<FilterKind, FilterOption[]>;

/**
 * The Location and Person filters: which dialog is open, and a count of openings, so each
 * opening starts the filter's draft afresh (a new key); closing returns focus to its button.
 * Filters that no longer fit the slots reset, and the patient is told ("No more times for your options").
 */
export function useBookingFilters(filters: SlotFilters, all: readonly Candidate[], loading: unknown) {
  const [open, setOpen] = useState<FilterKind | undefined>();
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (!loading && filtersInvalid(filters, all))
      bookingFlow.set({
        filters: { sites: [], holders: [] },
        noMoreTimes: true,
      });
  }, [all, filters, loading]);
  return {
    open,
    openings,
    openFilter: (kind: FilterKind) => {
      setOpenings((n) => n + 1);
      setOpen(kind);
    },
    close: (kind?: FilterKind) => setOpen((current) => (kind === undefined || current === kind ? undefined : current)),
  };
}

type Dialogs = ReturnType<typeof useBookingFilters>;

/** The filter buttons above the times, each naming what it is set to. */
export function FilterButtons({
  dialogs,
  options,
  filters,
  narrow,
  personFilterOn,
}: {
  dialogs: Dialogs;
  options: Options;
  filters: SlotFilters;
  narrow: boolean;
  personFilterOn: boolean;
}) {
  const chosenOf = (kind: FilterKind): FilterOption[] => options[kind].filter((o) => filters[kind].includes(o.value));
  return (
    <div className="app-booking-filters nhsuk-button-group">
      <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-filter" onClick={() => dialogs.openFilter('sites')}>
        {filterButtonText('Location', chosenOf('sites'), narrow)}
      </button>
      {personFilterOn ? (
        <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-filter" onClick={() => dialogs.openFilter('holders')}>
          {filterButtonText('Person', chosenOf('holders'), narrow)}
        </button>
      ) : null}
    </div>
  );
}

/** The filters' dialogs: applying one keeps the choice in the booking flow. */
export function FilterModals({ dialogs, options, filters }: { dialogs: Dialogs; options: Options; filters: SlotFilters }) {
  return (
    <>
      {(['sites', 'holders'] as const).map((kind) => (
        <FilterModal
          key={`${kind}-${dialogs.openings}`}
          open={dialogs.open === kind}
          kind={kind}
          options={options[kind]}
          chosen={filters[kind]}
          onApply={(values) => {
            bookingFlow.set((s) => ({
              ...s,
              filters: { ...s.filters, [kind]: values } as SlotFilters,
            }));
            dialogs.close();
          }}
          onClose={() => dialogs.close(kind)}
        />
      ))}
    </>
  );
}
