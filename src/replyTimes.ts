// The reply time a confirmation screen or receipt promises, from the one source the server's
// confirmation emails and texts read too (schemas/reply-times.json; the server's side is
// server/notifications/replyTimes.ts, and tests/unit/server/reply-times.test.ts checks that both
// pick the same words for every tier and form). docs/architecture.md "Reply times".
import type { UrgencyTier } from '../generated/types/api/urgency-tier';
import REPLY_TIMES from '../schemas/reply-times.json';

/** A reply time in full (screens, receipts, emails) and short (texts). */
export interface ReplyTime {
  long: string;
  short: string;
}

/** The spec's response time of admin and medical requests: "within 48 hours, Monday to Friday, excluding public holidays". */
export const DEFAULT_TIME_FRAME: string = REPLY_TIMES.default.timeFrame;
export const DEFAULT_REPLY: ReplyTime = { long: REPLY_TIMES.default.long, short: REPLY_TIMES.default.short };
/**
 * The no-appointments screen's own sentence (the spec's "the practice will respond within 2
 * working days": the same timescale as 48 hours, Monday to Friday). Only that screen says it.
 */
export const NO_APPOINTMENTS_REPLY: ReplyTime = REPLY_TIMES.noAppointments;
/** The child confirmation's promise (contact within 1 working day). */
export const CHILD_REPLY: ReplyTime = REPLY_TIMES.child;

const TIERS: Partial<Record<string, ReplyTime>> = REPLY_TIMES.tiers;

/**
 * A medical request's reply time, by its tier alone: an emergency indication's "do not wait"; an
 * urgent tier's "do not wait"; else the spec's 48 hours (the thank-you page). Not by the screen it
 * was sent from: the server cannot tell (every request sent without an appointment carries
 * reasonInInbox NO_APPOINTMENTS), and its email must say what this page said.
 */
export function medicalReplyTime(opts: { tier?: UrgencyTier | undefined; emergencyIndication?: boolean }): ReplyTime {
  if (opts.emergencyIndication) return REPLY_TIMES.emergencyIndication;
  const urgent = opts.tier ? TIERS[opts.tier] : undefined;
  return urgent ?? DEFAULT_REPLY;
}

/** An admin form's menu.reply (schemas/meta/form-document.schema.json). */
export interface FormReply {
  timeFrame?: unknown;
  sentence?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * An admin form's reply time: its document's own sentence ("You will hear from us in the next 3
 * days."), else "The practice will reply {timeFrame}.", else the default 48 hours.
 */
export function adminReplyTime(reply: FormReply | undefined): ReplyTime {
  const timeFrame = text(reply?.timeFrame);
  if (!timeFrame) return DEFAULT_REPLY;
  const sentence = text(reply?.sentence);
  return { long: sentence ?? `The practice will reply ${timeFrame}.`, short: sentence ?? `We will reply ${timeFrame}.` };
}
