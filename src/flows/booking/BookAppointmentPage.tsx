import { clearTriageFlow } from '../guideline/journey';
import { confirmDiscard } from '../leaveFlow';
import { endJourney } from '../emergencyCheck';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { availabilityUrl, bookSlot, fetchActionRequest, fetchAvailability, type AvailableAppointmentSession } from '../../api/appointments';
import { newIdempotencyKey } from '../../api/send';
import { Loading, LOADING_MESSAGES } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { useNotifications } from '../../errors/ErrorNotifications';
import { useSettings } from '../../settings/useSettings';
import { useFlowStore } from '../sessionFlowStore';
import { bookCandidates } from './bookCandidates';
import { bookingErrorOutcome, type BookingErrorOutcome } from './bookingErrors';
import {
  availabilityQueryOf,
  bookingCallOf,
  bookingFlow,
  bookingResult,
  cancelPathOf,
  clearBooking,
  isReschedule,
  requestForUrl,
  startBooking,
  type BookingRequest,
} from './bookingRequest';
import { linkStateTitle } from './appointmentWords';
import { dateInWords, timeInWords } from './format';
import {
  BOOK_APPOINTMENT_TITLE,
  CONFIRM_CHOICE_TITLE,
  DEFAULT_CONFIRMATION_TITLE,
  DEFAULT_VIRTUAL_LABEL,
  NO_MORE_TIMES_TITLE,
  RESCHEDULED_CONFIRMATION_TITLE,
} from './messages';
import {
  candidatesOf,
  filterButtonText,
  filterOptions,
  filtersInvalid,
  groupByDay,
  locationOptions,
  matchesFilters,
  mergeSessions,
  needsLocationChoice,
  personLabel,
  type Candidate,
  type FilterOption,
  type LocationOption,
  type SlotFilters,
  type TimeOption,
} from './slots';
import { useNarrowScreen } from './useNarrowScreen';
import './booking.css';

type Selection =
  | { step: 'location'; time: TimeOption; options: LocationOption[]; choice?: string }
  | { step: 'confirm'; time: TimeOption; candidates: Candidate[]; place: string }
  | { step: 'booking'; time: TimeOption; candidates: Candidate[]; place: string };

/**
 * /appointment/book-appointment: the booking request's slots in chunks, filters, the options
 * and confirm modals, and the booking itself (README "Appointments", docs/architecture.md "Booking request").
 */
export default function BookAppointmentPage() {
  const [search] = useSearchParams();
  const flow = useFlowStore(bookingFlow);
  const live = requestForUrl(flow.request, search);
  // Booking, Cancel and Send clear the request before the next page shows: keep the last one seen
  // so this page does not bounce to "not accessible" on its way out.
  const [kept, setKept] = useState(live);
  if (live && live !== kept) setKept(live);
  const request = live ?? kept;
  const reschedule = search.get('ad');
  if (!request && reschedule) return <RescheduleEntry linkUUID={reschedule} />;
  if (!request) return <Navigate to="/appointment/not-accessible" replace />;
  return <BookingScreen key={`${request.mode}:${'linkUUID' in request ? request.linkUUID : ''}`} request={request} />;
}

/** `?ad=lid` opened on its own (e.g. a bookmarked change link): the link's request is fetched first. */
function RescheduleEntry({ linkUUID }: { linkUUID: string }) {
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchActionRequest('APPOINTMENT_CONFIRMED', linkUUID)
      .then((answer) => {
        if (!answer.consultationId || !answer.appointmentBooking || linkStateTitle(answer)) {
          // Nothing to reschedule (cancelled, past, expired): the details page says why.
          void navigate(`/appointment/details?lid=${encodeURIComponent(linkUUID)}`, { replace: true });
          return;
        }
        void navigate(startBooking({ mode: 'reschedule', linkUUID, consultationId: answer.consultationId }), { replace: true });
      })
      .catch((error: unknown) => {
        const outcome = bookingErrorOutcome(error, 'link');
        if (outcome.kind === 'signpost') void navigate(outcome.to, { replace: true });
        else {
          if (outcome.kind === 'popup') notify(outcome);
          void navigate(`/appointment/details?lid=${encodeURIComponent(linkUUID)}`, { replace: true });
        }
      });
  }, [linkUUID, navigate, notify]);
  return <Loading message={LOADING_MESSAGES.checkingAppointments} />;
}

function BookingScreen({ request }: { request: BookingRequest }) {
  const navigate = useNavigate();
  const { notify, handleError } = useNotifications();
  const { settings } = useSettings();
  const virtualLabel = settings.patientApp.virtualSlotTypeLabel || DEFAULT_VIRTUAL_LABEL;
  const personFilterOn = settings.patientApp.enableSelectSessionHolder !== false;
  const narrow = useNarrowScreen();
  const flow = useFlowStore(bookingFlow);
  const filters = flow.filters;
  const service = request.mode === 'symptom-assessment' || request.mode === 'eligibility' ? 'medical' : undefined;

  const [sessions, setSessions] = useState<AvailableAppointmentSession[]>([]);
  const [nextLink, setNextLink] = useState<string | undefined>();
  const [loading, setLoading] = useState<'first' | 'more' | undefined>('first');
  const [loadFailed, setLoadFailed] = useState(false);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [now, setNow] = useState(() => Date.now());
  const [selection, setSelection] = useState<Selection | undefined>();
  // The modals' close events arrive after the step has moved on: they read the step through this ref.
  const selectionRef = useRef(selection);
  useEffect(() => {
    selectionRef.current = selection;
  }, [selection]);
  const [filterOpen, setFilterOpen] = useState<'sites' | 'holders' | undefined>();
  // Each opening starts the filter's draft afresh (a new key); closing returns focus to its button.
  const [filterOpenings, setFilterOpenings] = useState(0);
  const openFilter = (kind: 'sites' | 'holders') => {
    setFilterOpenings((n) => n + 1);
    setFilterOpen(kind);
  };

  const carryOut = useCallback(
    (outcome: BookingErrorOutcome, error: unknown) => {
      if (outcome.kind === 'signpost' || outcome.kind === 'possibleAppointment') void navigate(outcome.to);
      else if (outcome.kind === 'popup') notify({ title: outcome.title, message: outcome.message });
      else handleError(error, { flow: service });
    },
    [handleError, navigate, notify, service],
  );

  const loadingRef = useRef(false);
  const load = useCallback(
    async (url: string, kind: 'first' | 'more') => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(kind);
      setLoadFailed(false);
      try {
        // The first load goes on through chunks (and tiers) until one has a time still to come.
        for (let next: string | undefined = url; next; ) {
          const chunk = await fetchAvailability(next);
          setSessions((loaded) => mergeSessions(loaded, chunk.availableAppointmentSessions));
          next = chunk.navigation.nextChunkLink ?? chunk.navigation.nextTierLink;
          setNextLink(next);
          if (kind === 'more' || candidatesOf(chunk.availableAppointmentSessions, Date.now()).length > 0) break;
        }
        setNow(Date.now());
        if (kind === 'first') setFirstLoaded(true);
      } catch (error) {
        setLoadFailed(true);
        carryOut(bookingErrorOutcome(error, 'load'), error);
      } finally {
        loadingRef.current = false;
        setLoading(undefined);
      }
    },
    [carryOut],
  );

  const firstUrl = useMemo(() => availabilityUrl(availabilityQueryOf(request)), [request]);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load(firstUrl, 'first');
  }, [firstUrl, load]);

  const all = useMemo(() => candidatesOf(sessions, now, removed), [sessions, now, removed]);
  const options = useMemo(() => filterOptions(all), [all]);
  const shown = useMemo(() => all.filter((c) => matchesFilters(c, filters)), [all, filters]);
  const days = useMemo(() => groupByDay(shown), [shown]);

  // Filters that no longer fit the slots reset, and the patient is told ("No more times for your options").
  useEffect(() => {
    if (!loading && filtersInvalid(filters, all)) bookingFlow.set({ filters: { sites: [], holders: [] }, noMoreTimes: true });
  }, [all, filters, loading]);

  // No slots at all and no next page: the no-slots screen (the medical flow offers Send request there).
  const bookingNow = selection?.step === 'booking';
  useEffect(() => {
    if (firstLoaded && !loading && !loadFailed && !bookingNow && all.length === 0 && !nextLink) {
      void navigate('/appointment/no-appointments', { replace: true });
    }
  }, [firstLoaded, loading, loadFailed, bookingNow, all.length, nextLink, navigate]);

  // More chunks load as the last date scrolls into view.
  const [lastDay, setLastDay] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!lastDay || !nextLink || loading || loadFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void load(nextLink, 'more');
    });
    observer.observe(lastDay);
    return () => observer.disconnect();
  }, [lastDay, nextLink, loading, loadFailed, load]);

  const choose = (time: TimeOption) => {
    const locations = locationOptions(time.candidates, virtualLabel);
    if (needsLocationChoice(locations)) setSelection({ step: 'location', time, options: locations });
    else setSelection({ step: 'confirm', time, candidates: time.candidates, place: locations[0]?.label ?? '' });
  };

  const confirm = async () => {
    if (selection?.step !== 'confirm') return;
    const chosen = selection;
    setSelection({ ...chosen, step: 'booking' });
    const call = bookingCallOf(request);
    const outcome = await bookCandidates({
      candidates: chosen.candidates,
      selectedHolders: filters.holders,
      book: (choice, key) => bookSlot(call, choice, key),
      keyFor: (slotId) => {
        const keys = bookingFlow.get().keys;
        const existing = keys[slotId];
        if (existing) return existing;
        const key = newIdempotencyKey();
        bookingFlow.set({ keys: { ...keys, [slotId]: key } });
        return key;
      },
    });
    if (outcome.failedSlots.length > 0) setRemoved((r) => new Set([...r, ...outcome.failedSlots]));
    if (outcome.ok) {
      const rescheduled = isReschedule(request) || outcome.booking.appointmentStatus === 'RESCHEDULED';
      const result = {
        booking: outcome.booking,
        title: request.confirmation?.title ?? (rescheduled ? RESCHEDULED_CONFIRMATION_TITLE : DEFAULT_CONFIRMATION_TITLE),
        ...(request.confirmation?.body ? { body: request.confirmation.body } : {}),
        virtualLabel,
      };
      bookingResult.set({ result });
      clearBooking();
      // The request went with the booking: the answers and patient details of its flow go too.
      // The journey is over, as on a sent request's confirmation: the next one passes the emergency screen again.
      if (request.mode === 'symptom-assessment' || request.mode === 'eligibility') {
        clearTriageFlow();
        endJourney();
      }
      void navigate('/appointment/confirmation', { state: { result } });
      return;
    }
    setSelection(undefined);
    const mapped = bookingErrorOutcome(outcome.error, 'book');
    if (mapped.kind === 'popup' && mapped.removeSlot === 'past') setNow(Date.now());
    carryOut(mapped, outcome.error);
  };

  const leave = () => {
    clearBooking();
    void navigate(cancelPathOf(request));
  };
  // After a questionnaire (medical or eligibility), Cancel throws the answered request away: ask first (leaveFlow.ts).
  const cancel = () => (request.mode === 'symptom-assessment' || request.mode === 'eligibility' ? confirmDiscard(leave) : leave());

  const chosenOf = (kind: 'sites' | 'holders'): FilterOption[] => options[kind].filter((o) => filters[kind].includes(o.value));

  if (bookingNow) {
    return (
      <>
        <h1>{BOOK_APPOINTMENT_TITLE}</h1>
        <Loading message={LOADING_MESSAGES.bookingAppointment} />
      </>
    );
  }

  return (
    <>
      <h1>{BOOK_APPOINTMENT_TITLE}</h1>
      {loading === 'first' ? (
        <Loading message={LOADING_MESSAGES.loadingAppointments} />
      ) : (
        <>
          <p>Choose a time that suits you. Times are shown by day, then morning, afternoon and evening.</p>
          {all.length > 0 ? (
            <div className="app-booking-filters nhsuk-button-group">
              <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-filter" onClick={() => openFilter('sites')}>
                {filterButtonText('Location', chosenOf('sites'), narrow)}
              </button>
              {personFilterOn ? (
                <button type="button" className="nhsuk-button nhsuk-button--secondary app-booking-filter" onClick={() => openFilter('holders')}>
                  {filterButtonText('Person', chosenOf('holders'), narrow)}
                </button>
              ) : null}
            </div>
          ) : null}
          {days.map((day, index) => (
            <DaySection key={day.date} day={day} onChoose={choose} virtualLabel={virtualLabel} sectionRef={index === days.length - 1 ? setLastDay : undefined} />
          ))}
          {loading === 'more' ? <Loading message={LOADING_MESSAGES.loadingAppointments} /> : null}
          {nextLink && !loading && !loadFailed ? (
            <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => void load(nextLink, 'more')}>
              Show more times
            </button>
          ) : null}
          {loadFailed ? (
            <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => void load(sessions.length > 0 && nextLink ? nextLink : firstUrl, sessions.length > 0 ? 'more' : 'first')}>
              Try again
            </button>
          ) : null}
        </>
      )}
      <p>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={cancel}>
          Cancel
        </button>
      </p>

      {(['sites', 'holders'] as const).map((kind) => (
        <FilterModal
          key={`${kind}-${filterOpenings}`}
          open={filterOpen === kind}
          kind={kind}
          options={options[kind]}
          chosen={filters[kind]}
          onApply={(values) => {
            bookingFlow.set((s) => ({ ...s, filters: { ...s.filters, [kind]: values } as SlotFilters }));
            setFilterOpen(undefined);
          }}
          onClose={() => setFilterOpen((open) => (open === kind ? undefined : open))}
        />
      ))}

      <LocationModal
        selection={selection?.step === 'location' ? selection : undefined}
        onChoose={(choice) => setSelection((s) => (s?.step === 'location' ? { ...s, choice } : s))}
        onContinue={() => {
          if (selection?.step !== 'location') return;
          const option = selection.options.find((o) => o.key === selection.choice);
          if (!option) return;
          setSelection({ step: 'confirm', time: selection.time, candidates: option.candidates, place: option.label });
        }}
        onCancel={() => {
          if (selectionRef.current?.step === 'location') setSelection(undefined);
        }}
      />

      <Modal
        open={selection?.step === 'confirm'}
        title={CONFIRM_CHOICE_TITLE}
        onClose={() => {
          if (selectionRef.current?.step === 'confirm') setSelection(undefined);
        }}
        actions={[
          { label: 'Confirm', onClick: () => void confirm() },
          { label: 'Cancel', secondary: true, onClick: () => setSelection(undefined) },
        ]}
      >
        {selection && selection.step !== 'location' ? (
          <dl className="nhsuk-summary-list">
            <SummaryRow label="Date" value={dateInWords(selection.time.date)} />
            <SummaryRow label="Time" value={timeInWords(selection.time.startTime)} />
            <SummaryRow label="Place" value={selection.place} />
            <SummaryRow label="Person" value={personLabel(selection.candidates, filters.holders)} />
            <SummaryRow label="Appointment" value={[...new Set(selection.candidates.map((c) => c.slot.type))].join(' or ')} />
          </dl>
        ) : null}
      </Modal>

      <Modal open={flow.noMoreTimes === true} title={NO_MORE_TIMES_TITLE} onClose={() => bookingFlow.set({ noMoreTimes: false })}>
        <p>There are no more times for the location or person you chose, so all times are shown again.</p>
      </Modal>
    </>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">{value}</dd>
    </div>
  );
}

function DaySection({
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

function LocationModal({
  selection,
  onChoose,
  onContinue,
  onCancel,
}: {
  selection: Extract<Selection, { step: 'location' }> | undefined;
  onChoose: (key: string) => void;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const name = useId();
  const [tried, setTried] = useState(false);
  const error = tried && selection && !selection.choice;
  const errorId = `${name}-error`;
  return (
    <Modal
      open={selection !== undefined}
      title="Where would you like your appointment?"
      onClose={() => {
        setTried(false);
        onCancel();
      }}
      actions={[
        {
          label: 'Continue',
          onClick: () => {
            setTried(true);
            if (selection?.choice) {
              setTried(false);
              onContinue();
            }
          },
        },
        { label: 'Cancel', secondary: true, onClick: onCancel },
      ]}
    >
      {selection ? (
        <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
          <fieldset className="nhsuk-fieldset" aria-describedby={error ? errorId : undefined}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">
              {dateInWords(selection.time.date)} at {timeInWords(selection.time.startTime)}
            </legend>
            {error ? (
              <span className="nhsuk-error-message" id={errorId}>
                <span className="nhsuk-u-visually-hidden">Error:</span> Please select an option
              </span>
            ) : null}
            <div className="nhsuk-radios">
              {selection.options.map((option, i) => (
                <div className="nhsuk-radios__item" key={option.key}>
                  <input
                    className="nhsuk-radios__input"
                    id={`${name}-${i}`}
                    name={name}
                    type="radio"
                    value={option.key}
                    checked={selection.choice === option.key}
                    onChange={() => onChoose(option.key)}
                  />
                  <label className="nhsuk-label nhsuk-radios__label" htmlFor={`${name}-${i}`}>
                    {option.label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
      ) : null}
    </Modal>
  );
}

function FilterModal({
  open,
  kind,
  options,
  chosen,
  onApply,
  onClose,
}: {
  open: boolean;
  kind: 'sites' | 'holders';
  options: FilterOption[];
  chosen: string[];
  onApply: (values: string[]) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<string[]>(chosen);
  const name = useId();
  const title = kind === 'sites' ? 'Choose locations' : 'Choose people';
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={[
        { label: 'Apply', onClick: () => onApply(draft) },
        { label: 'Show all', secondary: true, onClick: () => onApply([]) },
      ]}
    >
      <div className="nhsuk-form-group">
        <fieldset className="nhsuk-fieldset">
          <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">
            {kind === 'sites' ? 'Where would you like to be seen?' : 'Who would you like to see?'}
          </legend>
          <div className="nhsuk-hint">Select all that apply, or none to see every time.</div>
          <div className="nhsuk-checkboxes">
            {options.map((option, i) => (
              <div className="nhsuk-checkboxes__item" key={option.value}>
                <input
                  className="nhsuk-checkboxes__input"
                  id={`${name}-${i}`}
                  type="checkbox"
                  value={option.value}
                  checked={draft.includes(option.value)}
                  onChange={(e) => setDraft((d) => (e.target.checked ? [...d, option.value] : d.filter((v) => v !== option.value)))}
                />
                <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={`${name}-${i}`}>
                  {option.label}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
    </Modal>
  );
}
