// The one "is this service open?" rule (docs/architecture.md "Service open"): the home page's
// cards, the routes that start a request and the server's 412 all ask it, for adults, admin,
// children and eligibility alike, so no card stays live for a service the practice has closed.
import type { OperationalState, ServiceState } from '../generated/types/api/operational-state';

/** What a patient asks for: each is served by the practice's medical or admin service. */
export type RequestKind = 'adult' | 'admin' | 'child' | 'eligibility';
export type PracticeService = 'medical' | 'admin';

/** Adult, child and eligibility requests are medical: the medical service's switch and calendar decide them. */
export function serviceOf(kind: RequestKind): PracticeService {
  return kind === 'admin' ? 'admin' : 'medical';
}

export type ServiceOpenness =
  | { open: true }
  | {
      open: false;
      /** SERVICE_OFF (switched off), OUT_OF_HOURS (the calendar), or closed while the patient was using it (a 412 answer). */
      why: 'switched-off' | 'out-of-hours' | 'closed-mid-flow';
      /** When it opens again, if the practice said and the time is still ahead. */
      reopensAt?: string;
    };

export interface ServiceOpenInputs {
  state: OperationalState | undefined;
  /** Services a call in this tab found closed (412 "Outside normal operating hours"). */
  closedMidFlow?: Partial<Record<PracticeService, boolean>>;
  now?: Date;
}

/** Whether one service state is closed: switched off, or out of hours by the practice's calendar. */
export function isStateClosed(state: Pick<ServiceState, 'operationalStatus' | 'practiceCalendar'> | undefined): boolean {
  return state?.operationalStatus === 'SERVICE_OFF' || state?.practiceCalendar === 'OUT_OF_HOURS';
}

/** The rule: is the service behind this kind of request open, and if not, why and until when. */
export function serviceOpen(kind: RequestKind, { state, closedMidFlow, now = new Date() }: ServiceOpenInputs): ServiceOpenness {
  const service = serviceOf(kind);
  const own = state?.[service];
  const reopensAt = own?.reopensAt && Date.parse(own.reopensAt) > now.getTime() ? own.reopensAt : undefined;
  const closed = (why: 'switched-off' | 'out-of-hours' | 'closed-mid-flow'): ServiceOpenness => ({ open: false, why, ...(reopensAt ? { reopensAt } : {}) });
  if (own?.operationalStatus === 'SERVICE_OFF') return closed('switched-off');
  if (own?.practiceCalendar === 'OUT_OF_HOURS') return closed('out-of-hours');
  if (closedMidFlow?.[service]) return closed('closed-mid-flow');
  return { open: true };
}

const PRACTICE_TIME_ZONE = 'Europe/London';

/** "8am on Monday 30 November", "1:30pm on Tuesday 1 December", in the practice's time zone; undefined for a date it cannot read. */
export function reopeningInWords(reopensAt: string): string | undefined {
  const when = new Date(reopensAt);
  if (Number.isNaN(when.getTime())) return undefined;
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: PRACTICE_TIME_ZONE, ...options }).formatToParts(when).reduce<Record<string, string>>((parts, p) => {
      parts[p.type] = p.value;
      return parts;
    }, {});
  const time = part({ hour: 'numeric', minute: '2-digit', hour12: true });
  const day = part({ weekday: 'long', day: 'numeric', month: 'long' });
  const hour = Number(time.hour);
  const suffix = (time.dayPeriod ?? '').toLowerCase().replace(/\s|\./g, '');
  const clock = time.minute === '00' ? `${hour}${suffix}` : `${hour}:${time.minute}${suffix}`;
  return `${clock} on ${day.weekday} ${day.day} ${day.month}`;
}

/** The sentence a closed service shows: when it reopens, or that it opens again when the practice is next open. */
export function reopeningSentence(openness: ServiceOpenness): string | undefined {
  if (openness.open) return undefined;
  const words = openness.reopensAt ? reopeningInWords(openness.reopensAt) : undefined;
  if (words) return `Online requests open again at ${words}.`;
  return openness.why === 'out-of-hours' ? 'Online requests open again when the practice next opens.' : undefined;
}
