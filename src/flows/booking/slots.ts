// Pure slot logic of the booking screen (README "Appointments"): past days and slots
// dropped, virtual marking, filters, grouping by date and time of day, the location options,
// the person label and the random order of candidate slots. No React, no fetch.
import type { AvailableAppointmentSession, Slot } from '../../api/appointments';

export type Period = 'Morning' | 'Afternoon' | 'Evening';
const PERIODS: readonly Period[] = ['Morning', 'Afternoon', 'Evening'];

/** Morning before 12:00, afternoon 12:00–16:59, evening from 17:00. */
export function periodOf(startTime: string): Period {
  const [h = '0', m = '0'] = startTime.split(':');
  const minutes = Number(h) * 60 + Number(m);
  if (minutes < 12 * 60) return 'Morning';
  if (minutes < 17 * 60) return 'Afternoon';
  return 'Evening';
}

interface Holder {
  refID: string;
  name: string;
}

/** One bookable slot with the session it belongs to (the booking calls send both). */
export interface Candidate {
  slot: Slot;
  session: AvailableAppointmentSession;
  date: string;
  startTime: string;
  start: number;
  /** Virtual by slot type or by site. */
  virtual: boolean;
  siteKey: string;
  siteLabel: string;
  holders: Holder[];
}

export interface TimeOption {
  /** `date` + `startTime`: one button per time of a day. */
  key: string;
  date: string;
  startTime: string;
  period: Period;
  candidates: Candidate[];
  virtual: 'none' | 'some' | 'all';
}

export interface DayGroup {
  date: string;
  periods: Array<{ period: Period; times: TimeOption[] }>;
}

export interface SlotFilters {
  /** Site keys (identifier, else name); empty = every site. */
  sites: string[];
  /** Session-holder refIDs; empty = anyone. */
  holders: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of an instant, YYYY-MM-DD. */
function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The slot's start: the server's instant, else its local date and time. */
function slotStart(slot: Slot, session: AvailableAppointmentSession): number {
  if (typeof slot.dateTimeInMilliseconds === 'number') return slot.dateTimeInMilliseconds;
  const [y = 0, mo = 1, d = 1] = (slot.date ?? session.date).split('-').map(Number);
  const [h = 0, mi = 0] = slot.startTime.split(':').map(Number);
  return new Date(y, mo - 1, d, h, mi).getTime();
}

/**
 * Every slot still worth showing: not on a past day, not started, not removed (taken or
 * refused), each with its session and whether it is virtual.
 */
/**
 * The slots a request may offer: all of them, or for an urgent-today result only those on the
 * practice's calendar day of `now` (never a later day: the patient needs a GP today).
 */
export function withinWindow(candidates: readonly Candidate[], window: 'TODAY' | 'ANY' | undefined, now: number): Candidate[] {
  if (window !== 'TODAY') return [...candidates];
  const today = localDate(now);
  return candidates.filter((c) => c.date === today);
}

export function candidatesOf(sessions: readonly AvailableAppointmentSession[], now: number, removed: ReadonlySet<string> = new Set()): Candidate[] {
  const today = localDate(now);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const session of sessions) {
    if (session.date < today) continue;
    const holders = session.sessionHolders.map((h) => ({ refID: h.refID, name: h.name ?? h.refID }));
    for (const slot of session.slots) {
      const date = slot.date ?? session.date;
      if (date < today || removed.has(slot.id) || seen.has(slot.id)) continue;
      const start = slotStart(slot, session);
      if (start <= now) continue;
      seen.add(slot.id);
      out.push({
        slot,
        session,
        date,
        startTime: slot.startTime,
        start,
        virtual: slot.virtual === true || session.virtual === true,
        siteKey: session.siteIdentifier ?? session.siteName,
        siteLabel: session.siteName,
        holders,
      });
    }
  }
  return out;
}

export function matchesFilters(candidate: Candidate, filters: SlotFilters): boolean {
  if (filters.sites.length > 0 && !filters.sites.includes(candidate.siteKey)) return false;
  if (filters.holders.length > 0 && !candidate.holders.some((h) => filters.holders.includes(h.refID))) return false;
  return true;
}

/** Dates in order, each with its times grouped by Morning / Afternoon / Evening (empty periods left out). */
export function groupByDay(candidates: readonly Candidate[]): DayGroup[] {
  const byTime = new Map<string, TimeOption>();
  for (const c of [...candidates].sort((a, b) => a.start - b.start || a.slot.id.localeCompare(b.slot.id))) {
    const key = `${c.date}T${c.startTime}`;
    let option = byTime.get(key);
    if (!option) {
      option = { key, date: c.date, startTime: c.startTime, period: periodOf(c.startTime), candidates: [], virtual: 'none' };
      byTime.set(key, option);
    }
    option.candidates.push(c);
  }
  const days = new Map<string, DayGroup>();
  for (const option of [...byTime.values()].sort((a, b) => a.key.localeCompare(b.key))) {
    const virtualCount = option.candidates.filter((c) => c.virtual).length;
    option.virtual = virtualCount === 0 ? 'none' : virtualCount === option.candidates.length ? 'all' : 'some';
    let day = days.get(option.date);
    if (!day) {
      day = { date: option.date, periods: [] };
      days.set(option.date, day);
    }
    let period = day.periods.find((p) => p.period === option.period);
    if (!period) {
      period = { period: option.period, times: [] };
      day.periods.push(period);
    }
    period.times.push(option);
  }
  for (const day of days.values()) day.periods.sort((a, b) => PERIODS.indexOf(a.period) - PERIODS.indexOf(b.period));
  return [...days.values()];
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The sites and people the loaded slots offer, in order of first appearance. */
export function filterOptions(candidates: readonly Candidate[]): { sites: FilterOption[]; holders: FilterOption[] } {
  const sites = new Map<string, string>();
  const holders = new Map<string, string>();
  for (const c of candidates) {
    if (!sites.has(c.siteKey)) sites.set(c.siteKey, c.siteLabel);
    for (const h of c.holders) if (!holders.has(h.refID)) holders.set(h.refID, h.name);
  }
  const list = (m: Map<string, string>) => [...m.entries()].map(([value, label]) => ({ value, label }));
  return { sites: list(sites), holders: list(holders) };
}

/**
 * Filters are invalid when they name a site or person the slots no longer offer, or when they
 * leave no time at all while times exist: then they reset ("No more times for your options").
 */
export function filtersInvalid(filters: SlotFilters, candidates: readonly Candidate[]): boolean {
  if (filters.sites.length === 0 && filters.holders.length === 0) return false;
  if (candidates.length === 0) return false;
  const options = filterOptions(candidates);
  const offered = (values: string[], from: FilterOption[]) => values.every((v) => from.some((o) => o.value === v));
  if (!offered(filters.sites, options.sites) || !offered(filters.holders, options.holders)) return true;
  return !candidates.some((c) => matchesFilters(c, filters));
}

const FILTER_TRUNCATE_AT = 30;
export const NARROW_MAX_WIDTH = 440;

/** A single value on a filter button is cut at 30 characters when the screen is 440 px wide or less. */
export function truncateFilterValue(label: string, narrow: boolean): string {
  return narrow && label.length > FILTER_TRUNCATE_AT ? `${label.slice(0, FILTER_TRUNCATE_AT)}…` : label;
}

/** The text of a filter button: its name and "All", the single value, or how many are chosen. */
export function filterButtonText(name: string, chosen: readonly FilterOption[], narrow: boolean): string {
  if (chosen.length === 0) return `${name}: All`;
  if (chosen.length === 1 && chosen[0]) return `${name}: ${truncateFilterValue(chosen[0].label, narrow)}`;
  return `${name}: ${chosen.length} selected`;
}

export interface LocationOption {
  key: string;
  label: string;
  virtual: boolean;
  candidates: Candidate[];
}

/** Where a chosen time can take place: each site in person, and the virtual option (e.g. "Telephone call"). */
export function locationOptions(candidates: readonly Candidate[], virtualLabel: string): LocationOption[] {
  const options = new Map<string, LocationOption>();
  for (const c of candidates) {
    const key = c.virtual ? 'virtual' : `site:${c.siteKey}`;
    let option = options.get(key);
    if (!option) {
      option = { key, label: c.virtual ? virtualLabel : c.siteLabel, virtual: c.virtual, candidates: [] };
      options.set(key, option);
    }
    option.candidates.push(c);
  }
  // In-person sites first, the virtual option last.
  return [...options.values()].sort((a, b) => Number(a.virtual) - Number(b.virtual));
}

/**
 * The options modal is needed when there is a choice to make: more than one site, or a site and
 * the virtual option. A time held only by telephone goes straight to "Confirm this choice?",
 * which names the place: a dialog with a single option asks nothing (docs/patient-app.md).
 */
export function needsLocationChoice(options: readonly LocationOption[]): boolean {
  return options.length > 1;
}

export const ONE_OF_THE_SELECTED = 'One of the selected';
export const ASSIGNED_BY_PRACTICE = 'Assigned by practice';

/**
 * Who the patient will see, for "Confirm this choice?": "One of the selected" when more than 2
 * people are selected in the filter, "Assigned by practice" when more than 2 could take the
 * appointment, else their names.
 */
export function personLabel(candidates: readonly Candidate[], selectedHolders: readonly string[]): string {
  if (selectedHolders.length > 2) return ONE_OF_THE_SELECTED;
  const names = new Map<string, string>();
  for (const c of candidates) for (const h of c.holders) if (selectedHolders.length === 0 || selectedHolders.includes(h.refID)) names.set(h.refID, h.name);
  if (names.size > 2) return ASSIGNED_BY_PRACTICE;
  return [...names.values()].join(' or ');
}

/** A copy in random order (Fisher–Yates): booking tries the candidate slots of a time in this order. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Adds a chunk's sessions to those already loaded (a session seen twice is kept once). */
export function mergeSessions(loaded: readonly AvailableAppointmentSession[], chunk: readonly AvailableAppointmentSession[]): AvailableAppointmentSession[] {
  const key = (s: AvailableAppointmentSession) =>
    s.id ?? `${s.date}|${s.siteIdentifier ?? s.siteName}|${s.sessionHolders.map((h) => h.refID).join(',')}|${s.slots[0]?.id ?? ''}`;
  const seen = new Set(loaded.map(key));
  return [...loaded, ...chunk.filter((s) => !seen.has(key(s)))];
}
