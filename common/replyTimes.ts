// Every reply time a patient is promised, in one table: the confirmation screens and receipts and
// the server's confirmation emails and texts read it, so no screen contradicts the next
// (docs/architecture.md "Reply times"). 'long' is said on screens, receipts and in emails; 'short'
// in texts.
import type { PathwayKind } from '../generated/types/api/pathway-kind';
import type { UrgencyTier } from './tiers';

export interface ReplyTime {
  long: string;
  short: string;
}

/** The spec's response time of admin and medical requests. */
export const DEFAULT_TIME_FRAME = 'within 48 hours, Monday to Friday, excluding public holidays';
export const DEFAULT_REPLY: ReplyTime = {
  long: `The practice will reply ${DEFAULT_TIME_FRAME}.`,
  short: 'We will reply within 48 hours (Mon to Fri).',
};

/**
 * The no-appointments screen's own sentence (the spec's "the practice will respond within 2
 * working days": the same timescale as 48 hours, Monday to Friday). Only that screen says it: the
 * server cannot tell a request sent from there from any other sent without an appointment.
 */
export const NO_APPOINTMENTS_REPLY: ReplyTime = {
  long: 'The practice will respond within 2 working days.',
  short: 'We will reply within 2 working days.',
};

/** A child who is unwell: the practice contacts the parent within 1 working day (the spec). */
export const CHILD_REPLY: ReplyTime = {
  long: 'The practice will contact you within 1 working day.',
  short: 'We will contact you within 1 working day.',
};

/** An emergency indication, whichever screen sent it. */
const EMERGENCY_INDICATION_REPLY: ReplyTime = {
  long: 'Your answers suggested you may need A&E. Do not wait for the practice to reply, it may take 2 working days or more: if you have not already, go to A&E or call 999 now.',
  short: 'Do not wait for our reply: go to A&E or call 999.',
};

/** The tiers whose promise is their own, whoever the patient is. */
const TIER_REPLY: Readonly<Partial<Record<UrgencyTier, ReplyTime>>> = {
  CALL_999: {
    long: 'The practice has your request, but do not wait for a reply: if you have not already, call 999 now.',
    short: 'Do not wait for our reply: call 999 now.',
  },
  AE_NOW: {
    long: 'The practice has your request, but do not wait for a reply: if you have not already, go to A&E now or call 999.',
    short: 'Do not wait for our reply: go to A&E or call 999.',
  },
  URGENT_TODAY: {
    long: 'The practice will contact you today. If the practice is closed, you have not heard by the end of the day, or you get worse, call NHS 111. In an emergency, call 999.',
    short: 'We will contact you today.',
  },
};

export interface ReplyInputs {
  /** The request type the practice stored (EMERGENCY_INDICATION says "do not wait"). */
  requestType?: string;
  tier?: UrgencyTier | undefined;
  kind?: PathwayKind;
}

/**
 * A medical request's one promise: an emergency indication's "do not wait"; an urgent tier's own
 * (999, A&E, today); a child's "within 1 working day"; else the spec's 48 hours.
 */
export function medicalReplyTime({ requestType, tier, kind }: ReplyInputs): ReplyTime {
  if (requestType === 'EMERGENCY_INDICATION') return EMERGENCY_INDICATION_REPLY;
  const own = tier ? TIER_REPLY[tier] : undefined;
  if (own) return own;
  if (kind === 'child' || requestType === 'CHILD_REQUEST') return CHILD_REPLY;
  return DEFAULT_REPLY;
}

/** An admin form's menu.reply (schemas/meta/form-document.schema.json). */
export interface FormReply {
  timeFrame?: unknown;
  sentence?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** An admin form's reply time: its document's own sentence, else "The practice will reply {timeFrame}.", else 48 hours. */
export function formReplyTime(reply: FormReply | undefined): ReplyTime {
  const timeFrame = text(reply?.timeFrame);
  if (!timeFrame) return DEFAULT_REPLY;
  const sentence = text(reply?.sentence);
  return { long: sentence ?? `The practice will reply ${timeFrame}.`, short: sentence ?? `We will reply ${timeFrame}.` };
}
