// The reply time a confirmation email or text promises, from the one source the patient's
// confirmation screens and receipts read too (schemas/reply-times.json; the browser's side is
// src/replyTimes.ts, and tests/unit/server/reply-times.test.ts checks that both pick the same
// words for every tier and form). docs/architecture.md "Reply times".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UrgencyTier } from '../tiers.js';

export interface ReplyTime {
  long: string;
  short: string;
}

interface ReplyTimesFile {
  default: ReplyTime & { timeFrame: string };
  noAppointments: ReplyTime;
  child: ReplyTime;
  emergencyIndication: ReplyTime;
  tiers: Partial<Record<string, ReplyTime>>;
}

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas', 'reply-times.json');
const REPLY_TIMES = JSON.parse(readFileSync(FILE, 'utf8')) as ReplyTimesFile;

export const DEFAULT_REPLY: ReplyTime = { long: REPLY_TIMES.default.long, short: REPLY_TIMES.default.short };
export const CHILD_REPLY: ReplyTime = REPLY_TIMES.child;

/**
 * A medical request's reply time, by its tier alone, as the thank-you page shows it: an emergency
 * indication's "do not wait" (whatever screen it was sent from); an urgent tier's "do not wait";
 * else the spec's 48 hours. Not by reasonInInbox: every request sent without an appointment
 * carries NO_APPOINTMENTS (the contract), from the "Send your request?" page as from the
 * no-appointments screen, so it cannot say which screen the patient saw.
 */
export function medicalReplyTime(requestType: string, tier?: UrgencyTier): ReplyTime {
  if (requestType === 'EMERGENCY_INDICATION') return REPLY_TIMES.emergencyIndication;
  const urgent = tier ? REPLY_TIMES.tiers[tier] : undefined;
  return urgent ?? DEFAULT_REPLY;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** An admin form's reply time from its document's menu.reply: its own sentence, else "The practice will reply {timeFrame}.", else 48 hours. */
export function formReplyTime(reply: { timeFrame?: unknown; sentence?: unknown } | undefined): ReplyTime {
  const timeFrame = text(reply?.timeFrame);
  if (!timeFrame) return DEFAULT_REPLY;
  const sentence = text(reply?.sentence);
  return { long: sentence ?? `The practice will reply ${timeFrame}.`, short: sentence ?? `We will reply ${timeFrame}.` };
}
