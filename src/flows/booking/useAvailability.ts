// The booking screen's slots: the first load (through chunks and tiers until one has a time
// still to come), "Show more times" / scrolling to the last day, Try again after a failure, and
// the slots a failed booking removed. The screen draws; this hook only knows the calls.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { availabilityUrl, fetchAvailability, type AvailableAppointmentSession } from '../../api/appointments';
import { bookingErrorOutcome, type BookingErrorOutcome } from './bookingErrors';
import { availabilityQueryOf, type BookingRequest } from '../bookingRequest';
import { candidatesOf, mergeSessions, withinWindow, type Candidate } from './slots';

export interface Availability {
  /** Every time still to come (removed slots left out). */
  all: Candidate[];
  sessions: AvailableAppointmentSession[];
  nextLink: string | undefined;
  loading: 'first' | 'more' | undefined;
  loadFailed: boolean;
  firstLoaded: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Slots a booking found taken or past: never offered again on this screen. */
  removeSlots: (ids: readonly string[]) => void;
  /** Re-reads the clock: times now in the past drop out. */
  refreshNow: () => void;
}

export function useAvailability(request: BookingRequest, onError: (outcome: BookingErrorOutcome, error: unknown) => void): Availability {
  const [sessions, setSessions] = useState<AvailableAppointmentSession[]>([]);
  const [nextLink, setNextLink] = useState<string | undefined>();
  const [loading, setLoading] = useState<'first' | 'more' | undefined>('first');
  const [loadFailed, setLoadFailed] = useState(false);
  const [firstLoaded, setFirstLoaded] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [now, setNow] = useState(() => Date.now());

  const loadingRef = useRef(false);
  const load = useCallback(
    async (url: string, kind: 'first' | 'more') => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(kind);
      setLoadFailed(false);
      try {
        for (let next: string | undefined = url; next;) {
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
        onError(bookingErrorOutcome(error, 'load'), error);
      } finally {
        loadingRef.current = false;
        setLoading(undefined);
      }
    },
    [onError],
  );

  const firstUrl = useMemo(() => availabilityUrl(availabilityQueryOf(request)), [request]);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load(firstUrl, 'first');
  }, [firstUrl, load]);

  // An urgent-today result: today's slots only, and no "more times" (they would all be later days).
  const window = request.mode === 'symptom-assessment' ? request.slotWindow : undefined;
  const all = useMemo(() => withinWindow(candidatesOf(sessions, now, removed), window, now), [sessions, now, removed, window]);
  const offeredNext = window === 'TODAY' ? undefined : nextLink;
  return {
    all,
    sessions,
    nextLink: offeredNext,
    loading,
    loadFailed,
    firstLoaded,
    loadMore: () => {
      if (offeredNext) void load(offeredNext, 'more');
    },
    retry: () => void load(sessions.length > 0 && nextLink ? nextLink : firstUrl, sessions.length > 0 ? 'more' : 'first'),
    removeSlots: (ids) => {
      if (ids.length > 0) setRemoved((r) => new Set([...r, ...ids]));
    },
    refreshNow: () => setNow(Date.now()),
  };
}
