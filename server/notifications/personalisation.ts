// What each message says: the personalisation of an event's email and text (the templates are in
// ./content.ts), from the event, the practice's clinic settings and the wording settings read once
// per enqueue. Dates and times in the UK's zone and GOV.UK style.
import type { Clinic as ClinicSettings } from '../../generated/types/api/clinic';
import type { Personalisation } from './content.js';
import type { NotificationEvent } from './eventTypes.js';
import { CHILD_REPLY, formReplyTime as formReplyTimeOf, medicalReplyTime, shortReference, type ReplyTime, type UrgencyTier } from '../../common/index.js';

/** What a notification reads of the practice's clinic settings (the contract's Clinic). */
export type Clinic = Pick<ClinicSettings, 'name' | 'telephone'>;

/** Labels of the request types that are not admin forms. */
const MEDICAL_LABELS: Record<string, string> = {
  CONSULTATION_REQUEST: 'Medical advice',
  EMERGENCY_INDICATION: 'Medical advice',
  DIRECT_BOOKING: 'Medical advice',
  ELIGIBILITY_BOOKING: 'Appointment request',
  CHILD_REQUEST: 'Request for a child',
};

/**
 * A medical request's reply time (./replyTimes.ts, from schemas/reply-times.json, the one source
 * the thank-you page reads too): by its tier (the urgent tiers say "do not wait"), else 48 hours.
 */
export function replyTime(requestType: string, tier?: UrgencyTier): ReplyTime {
  return medicalReplyTime({ requestType, tier });
}

const UK_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const UK_DATE_SHORT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short' });
const UK_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hour12: true });

/** "Tuesday 1 December 2026" / "Tue 1 Dec" (GOV.UK style, no comma whatever the ICU version). */
function ukDate(format: Intl.DateTimeFormat, date: Date): string {
  return format
    .formatToParts(date)
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value)
    .join(' ');
}

/** "9:30am", "2:05pm" (GOV.UK style). */
function ukTime(date: Date): string {
  return UK_TIME.format(date).replace(/\s/g, '').toLowerCase();
}

/** The settings the messages' wording reads, read once per enqueue (on the caller's transaction). */
export interface MessageSettings {
  adminForms?: { forms?: Array<{ type: string; label?: string; reply?: { timeFrame?: unknown; sentence?: unknown } }> };
  virtualSlotTypeLabel?: string;
}

function adminLabel(settings: MessageSettings, formType: string): string {
  return settings.adminForms?.forms?.find((f) => f.type === formType)?.label ?? 'Admin request';
}

/** The reply time of an admin form: its document's menu.reply, as synced into the admin-forms settings; else the default. */
function formReplyTime(settings: MessageSettings, formType: string): ReplyTime {
  return formReplyTimeOf(settings.adminForms?.forms?.find((f) => f.type === formType)?.reply);
}

export function personalisationFor(settings: MessageSettings, event: NotificationEvent, clinic: Clinic): Personalisation {
  const base = { practice_name: clinic.name, practice_phone: clinic.telephone };
  switch (event.type) {
    case 'REQUEST_RECEIVED': {
      const reply = event.service === 'admin' ? formReplyTime(settings, event.requestType) : replyTime(event.requestType, event.tier);
      const label =
        event.service === 'admin'
          ? adminLabel(settings, event.requestType)
          : Object.hasOwn(MEDICAL_LABELS, event.requestType)
            ? MEDICAL_LABELS[event.requestType]!
            : 'Medical advice';
      return {
        ...base,
        reference: shortReference(event.sourceId),
        request_label: label,
        reply_time: reply.long,
        reply_time_short: reply.short,
        advice: event.advice ?? '',
      };
    }
    case 'CHILD_REQUEST_RECEIVED':
      return {
        ...base,
        reference: shortReference(event.sourceId),
        reply_time: (event.replyTime ?? CHILD_REPLY).long,
        reply_time_short: (event.replyTime ?? CHILD_REPLY).short,
        advice: event.advice ?? '',
      };
    case 'SELF_HELP': {
      if (event.links.length === 0) throw new Error('A self-help notification needs at least one link');
      return {
        ...base,
        pathway_label: event.pathwayLabel,
        links: event.links.map((l) => `* ${l.text}: ${l.url}`).join('\n'),
        first_link_url: event.links[0]!.url,
        advice: event.advice ?? '',
      };
    }
    case 'APPOINTMENT_BOOKED':
    case 'APPOINTMENT_RESCHEDULED':
    case 'APPOINTMENT_CANCELLED': {
      const a = event.appointment;
      const start = new Date(a.startTime);
      if (Number.isNaN(start.getTime())) throw new Error(`Appointment start time is not a date: ${a.startTime}`);
      if (event.type !== 'APPOINTMENT_CANCELLED' && !event.manageUrl) throw new Error(`${event.type} needs the change-or-cancel link (manageUrl)`);
      const virtualLabel = settings.virtualSlotTypeLabel || 'Telephone call';
      const place = a.virtual ? virtualLabel : [a.siteName, a.siteAddress].filter(Boolean).join(', ') || clinic.name;
      return {
        ...base,
        date: ukDate(UK_DATE, start),
        date_short: ukDate(UK_DATE_SHORT, start),
        time: ukTime(start),
        place,
        place_short: a.virtual ? virtualLabel : (a.siteName ?? clinic.name),
        clinician: a.clinician ?? '',
        manage_url: event.manageUrl ?? '',
      };
    }
  }
}
