// What each message says, email and text, in the practice's voice. Pure functions of the
// template name and its personalisation: the outbox and GOV.UK Notify get the same words.
// No clinical answers and no more personal data than the message needs (no name, no date of
// birth): see server/notifications/README.md.

export const TEMPLATES = [
  'REQUEST_RECEIVED',
  'CHILD_REQUEST_RECEIVED',
  'SELF_HELP',
  'APPOINTMENT_BOOKED',
  'APPOINTMENT_RESCHEDULED',
  'APPOINTMENT_CANCELLED',
] as const;
export type TemplateName = (typeof TEMPLATES)[number];
export type Channel = 'EMAIL' | 'SMS';

/** Values a template fills in. Every value is a string (GOV.UK Notify's personalisation is flat text). */
export type Personalisation = Record<string, string>;

export interface MessageContent {
  /** Email subject; absent for texts. */
  subject?: string;
  /** Plain text: paragraphs separated by a blank line, list items starting with "* ". */
  body: string;
}

/** A text must fit one SMS segment: under 160 characters, GSM characters only. */
export const SMS_MAX_LENGTH = 159;

function safetyNetting(p: Personalisation): string {
  return [
    'If you need help sooner',
    `This service is not for emergencies. If you feel worse or need help urgently, call the practice on ${p.practice_phone}, or call 111 or go to 111.nhs.uk. In an emergency, call 999.`,
    'If you are deaf or have difficulty speaking, use text relay: 18001 111 for 111, or 18000 for 999.',
  ].join('\n\n');
}

/** The outcome's own words, as the patient read them on screen (empty when there were none). */
function adviceBlock(p: Personalisation): string[] {
  return p.advice ? ['What you were advised', p.advice] : [];
}

function signOff(p: Personalisation): string {
  return [`${p.practice_name}\n${p.practice_phone}`, 'This is an automatic message. Please do not reply to it.'].join('\n\n');
}

function appointmentDetails(p: Personalisation): string {
  const lines = [`Date: ${p.date}`, `Time: ${p.time}`, `Place: ${p.place}`];
  if (p.clinician) lines.push(`With: ${p.clinician}`);
  return lines.join('\n');
}

/** The email of a template. */
function renderEmail(template: TemplateName, p: Personalisation): MessageContent {
  switch (template) {
    case 'REQUEST_RECEIVED':
      return {
        subject: `${p.practice_name}: we have received your request`,
        body: [
          'We have received your request',
          `Request: ${p.request_label}\nYour reference: ${p.reference}`,
          'What happens next',
          `The practice team will read your request and contact you. ${p.reply_time}`,
          ...adviceBlock(p),
          'If we need to speak to you, we will use the contact details you gave us.',
          safetyNetting(p),
          signOff(p),
        ].join('\n\n'),
      };
    case 'CHILD_REQUEST_RECEIVED':
      return {
        subject: `${p.practice_name}: we have received your request for a child`,
        body: [
          'We have received your request for a child',
          `Your reference: ${p.reference}`,
          'What happens next',
          `The practice team will read your request and contact you. ${p.reply_time}`,
          ...adviceBlock(p),
          'If the child gets worse or you are worried, do not wait for our reply. Call 111, or call 999 in an emergency.',
          safetyNetting(p),
          signOff(p),
        ].join('\n\n'),
      };
    case 'SELF_HELP':
      return {
        subject: `${p.practice_name}: the self-help information you asked for`,
        body: [
          `Self-help information: ${p.pathway_label}`,
          ...adviceBlock(p),
          'You asked us to send you this information. These links may help you look after yourself:',
          p.links,
          'If you do not feel better, or you are worried, contact the practice.',
          safetyNetting(p),
          signOff(p),
        ].join('\n\n'),
      };
    case 'APPOINTMENT_BOOKED':
      return {
        subject: `${p.practice_name}: your appointment is booked`,
        body: [
          'Your appointment is booked',
          appointmentDetails(p),
          `To change or cancel this appointment, use this link:\n${p.manage_url}`,
          'If you cannot come, please cancel so that someone else can have the appointment.',
          safetyNetting(p),
          signOff(p),
        ].join('\n\n'),
      };
    case 'APPOINTMENT_RESCHEDULED':
      return {
        subject: `${p.practice_name}: your appointment has changed`,
        body: [
          'Your appointment has changed',
          'Your new appointment is:',
          appointmentDetails(p),
          `To change or cancel this appointment, use this link:\n${p.manage_url}`,
          safetyNetting(p),
          signOff(p),
        ].join('\n\n'),
      };
    case 'APPOINTMENT_CANCELLED':
      return {
        subject: `${p.practice_name}: your appointment is cancelled`,
        body: [
          'Your appointment is cancelled',
          'This appointment is cancelled:',
          appointmentDetails(p),
          p.manage_url
            ? `If you still need an appointment, use this link:\n${p.manage_url}`
            : `If you still need an appointment, call the practice on ${p.practice_phone}.`,
          safetyNetting(p),
          signOff(p),
        ].join('\n\n'),
      };
  }
}

/**
 * The text of a template: the first variant that fits one SMS segment. The last variant drops
 * the practice's name, so every text fits whatever the name's length.
 */
export function renderSms(template: TemplateName, p: Personalisation): MessageContent {
  const who = p.practice_name;
  const urgent = 'Urgent? Call 111. Emergency? Call 999.';
  let variants: string[];
  switch (template) {
    case 'REQUEST_RECEIVED':
      variants = [
        `${who}: we have your request, ref ${p.reference}. ${p.reply_time_short ? `${p.reply_time_short} ` : ''}${urgent}`,
        `${who}: request received, ref ${p.reference}. ${urgent}`,
        `Request received, ref ${p.reference}. ${urgent}`,
      ];
      break;
    case 'CHILD_REQUEST_RECEIVED':
      variants = [
        `${who}: we have your request for a child, ref ${p.reference}. ${p.reply_time_short ? `${p.reply_time_short} ` : ''}${urgent}`,
        `${who}: child request received, ref ${p.reference}. ${urgent}`,
        `Child request received, ref ${p.reference}. ${urgent}`,
      ];
      break;
    case 'SELF_HELP':
      variants = [
        `${who}: self-help information you asked for: ${p.first_link_url} ${urgent}`,
        `${who}: we have sent the self-help information you asked for. ${urgent}`,
        `Self-help information sent. ${urgent}`,
      ];
      break;
    case 'APPOINTMENT_BOOKED':
    case 'APPOINTMENT_RESCHEDULED': {
      const what = template === 'APPOINTMENT_BOOKED' ? 'Appointment booked' : 'Appointment changed';
      const when = `${p.date_short} ${p.time}, ${p.place_short}`;
      variants = [
        `${who}: ${what}: ${when}. Change or cancel: ${p.manage_url}`,
        `${what}: ${when}. Change or cancel: ${p.manage_url}`,
        `${what}: ${p.date_short} ${p.time}. Change or cancel: ${p.manage_url}`,
        `${what}: ${p.date_short} ${p.time}. ${who}`,
        `${what}: ${p.date_short} ${p.time}.`,
      ];
      break;
    }
    case 'APPOINTMENT_CANCELLED':
      variants = [
        `${who}: your appointment on ${p.date_short} at ${p.time} is cancelled. To book again call ${p.practice_phone}.`,
        `Your appointment on ${p.date_short} at ${p.time} is cancelled. Call ${p.practice_phone} to book again.`,
        `Your appointment on ${p.date_short} at ${p.time} is cancelled.`,
      ];
      break;
  }
  const body = variants.find((v) => v.length <= SMS_MAX_LENGTH) ?? variants[variants.length - 1]!.slice(0, SMS_MAX_LENGTH);
  return { body };
}

export function render(template: TemplateName, channel: Channel, p: Personalisation): MessageContent {
  return channel === 'EMAIL' ? renderEmail(template, p) : renderSms(template, p);
}
