// The events a flow hands to enqueueNotifications (./events.ts): what happened, to whom, and the
// words the messages need. Types only, so the wording (./personalisation.ts) and the queue share them.
import type { ReplyTime, UrgencyTier } from '../../common/index.js';
import type { Channel, TemplateName } from './content.js';

/** Where a message goes. Only the addresses: no name, no date of birth. */
export interface Recipient {
  email?: string;
  /** Texts go only to a mobile the patient gave, and only when the practice has SMS on. */
  mobile?: string;
}

interface EventBase {
  /**
   * Makes enqueueing idempotent: a second event with the same id is ignored. Give a stable one when
   * the same action could be enqueued twice (e.g. `${appointmentId}:booked:${version}`);
   * default: a new random id.
   */
  id?: string;
  /** What the event is about (request id, appointment id…), for the practice's read-back. */
  sourceId: string;
  to: Recipient;
}

interface RequestReceivedEvent extends EventBase {
  type: 'REQUEST_RECEIVED';
  /** Admin form type (REPEAT_PRESCRIPTION…) or triage request type (CONSULTATION_REQUEST…): picks the label and reply time. */
  requestType: string;
  service: 'admin' | 'medical';
  /**
   * Why a consultation went to the inbox (context.reasonInInbox of the consultation call), kept
   * with the event. It does not pick the reply time: every request sent without an appointment
   * carries NO_APPOINTMENTS, whichever screen sent it (./replyTimes.ts).
   */
  reasonInInbox?: string;
  /** A medical request's urgency tier (its consultation.tier): the urgent tiers' messages say not to wait for a reply. */
  tier?: UrgencyTier;
  /** Every word of the outcome the patient was shown (common/advice.ts), as plain text. */
  advice?: string;
}

interface ChildRequestReceivedEvent extends EventBase {
  type: 'CHILD_REQUEST_RECEIVED';
  /** Overrides the child confirmation's reply time (common/replyTimes.ts CHILD_REPLY). */
  replyTime?: ReplyTime;
  /** Every word of the outcome the parent was shown (common/advice.ts), as plain text. */
  advice?: string;
}

export interface SelfHelpEvent extends EventBase {
  type: 'SELF_HELP';
  /** The pathway's label as the patient saw it. */
  pathwayLabel: string;
  /** The pathway's self-help links (at least one). */
  links: Array<{ text: string; url: string }>;
  /** A pharmacy or self-care ending's own words (common/advice.ts), when the patient asked for them. */
  advice?: string;
}

export interface AppointmentDetails {
  /** Start, ISO 8601 with offset or Z; shown in UK time. */
  startTime: string;
  /** A virtual slot: the place reads "Telephone call" (or the practice's virtual slot label). */
  virtual: boolean;
  siteName?: string;
  /** One line, e.g. "1 River Street, Leeds LS1 4AP". */
  siteAddress?: string;
  /** Only when the booking screen showed who the appointment is with. */
  clinician?: string;
}

export interface AppointmentEvent extends EventBase {
  type: 'APPOINTMENT_BOOKED' | 'APPOINTMENT_RESCHEDULED' | 'APPOINTMENT_CANCELLED';
  appointment: AppointmentDetails;
  /** The change-or-cancel link (booked, rescheduled; required) or a book-again link (cancelled; optional). */
  manageUrl?: string;
}

export type NotificationEvent = RequestReceivedEvent | ChildRequestReceivedEvent | SelfHelpEvent | AppointmentEvent;

export interface QueuedNotification {
  id: string;
  eventId: string;
  template: TemplateName;
  channel: Channel;
}
