// How a message leaves: the embedded outbox (a table in the practice database, the default) or
// GOV.UK Notify through its official client when NOTIFY_API_KEY and the template ids are set.
import { NotifyClient } from 'notifications-node-client';
import type { Sql } from '../store/types.js';
import { TEMPLATES, type Channel, type MessageContent, type Personalisation, type TemplateName } from './content.js';

/** One message ready to send: the queue row plus its rendered words. */
export interface OutgoingMessage {
  /** The notification id: `${eventId}:${channel}`; also the Notify `reference`. */
  id: string;
  template: TemplateName;
  channel: Channel;
  recipient: string;
  personalisation: Personalisation;
  content: MessageContent;
}

/**
 * A transport that writes into this database. The worker calls `deliver` inside the same
 * transaction that marks the message SENT, so a delivery and its record commit together.
 */
export interface LocalTransport {
  kind: 'local';
  name: string;
  deliver(db: Sql, message: OutgoingMessage, sentAt: string): Promise<void>;
}

/** A transport that calls another service: the send can succeed while we die before recording it. */
export interface RemoteTransport {
  kind: 'remote';
  name: string;
  /** Resolves with the provider's id; rejects with a TransportError. */
  send(message: OutgoingMessage): Promise<{ providerId: string }>;
  /** Whether the provider has a message with this reference (our notification id): its id, or null. */
  lookup(reference: string): Promise<{ providerId: string } | null>;
}

export type Transport = LocalTransport | RemoteTransport;

/**
 * A failed send. `retryable`: trying again may work (rate limit, provider error, no connection).
 * `ambiguous`: the provider may have accepted it (the connection broke or timed out after the
 * request left): the worker must not resend without asking the provider first.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly ambiguous = false,
  ) {
    super(message);
  }
}

/** The embedded default: each message as the patient would receive it, read at /practice/outbox. */
export const outboxTransport: LocalTransport = {
  kind: 'local',
  name: 'outbox',
  async deliver(db, message, sentAt) {
    // notification_id is UNIQUE: a second delivery of one notification cannot be stored.
    await db.run('INSERT INTO outbox (notification_id, channel, recipient, subject, body, sent_at) VALUES (?, ?, ?, ?, ?, ?)', [
      message.id,
      message.channel,
      message.recipient,
      message.content.subject ?? null,
      message.content.body,
      sentAt,
    ]);
  },
};

interface NotifyConfig {
  apiKey: string;
  /** Default: GOV.UK Notify's production API. Tests point it at a local fake. */
  baseUrl?: string;
  /** Template id per template name and channel. */
  templateIds: Record<TemplateName, Record<Channel, string>>;
  /** A send not answered by then counts as ambiguous (default 20 s). */
  timeoutMs?: number;
}

interface AxiosLikeError {
  response?: { status?: number; data?: { errors?: Array<{ error?: string; message?: string }> } };
  code?: string;
  message?: string;
}

/** Errors where the request surely never reached Notify. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

function classify(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const e = error as AxiosLikeError;
  const status = e.response?.status;
  if (status !== undefined) {
    const first = e.response?.data?.errors?.[0];
    const detail = first ? `${first.error ?? ''} ${first.message ?? ''}`.trim() : '';
    // Notify answered: nothing was created. 429 and 5xx may pass later; 400/403 will not.
    return new TransportError(`Notify answered ${status}${detail ? `: ${detail}` : ''}`, status === 429 || status >= 500);
  }
  if (e.code && NOT_SENT_CODES.has(e.code)) return new TransportError(`Notify not reached (${e.code})`, true);
  return new TransportError(`Notify call broke off (${e.code ?? e.message ?? 'unknown error'})`, true, true);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransportError(`Notify did not answer within ${ms} ms`, true, true)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** GOV.UK Notify through `notifications-node-client`. The reference of each message is our notification id. */
function notifyTransport(config: NotifyConfig): RemoteTransport {
  const client = config.baseUrl ? new NotifyClient(config.baseUrl, config.apiKey) : new NotifyClient(config.apiKey);
  const timeoutMs = config.timeoutMs ?? 20_000;
  return {
    kind: 'remote',
    name: 'notify',
    async send(message) {
      const templateId = config.templateIds[message.template][message.channel];
      // The structured values for templates written per message type, plus the rendered words
      // (subject, body) for a practice that uses one generic template per channel.
      const personalisation = {
        ...message.personalisation,
        ...(message.content.subject ? { subject: message.content.subject } : {}),
        body: message.content.body,
      };
      const options = { personalisation, reference: message.id };
      try {
        const sending: Promise<{ data: { id: string } }> =
          message.channel === 'EMAIL' ? client.sendEmail(templateId, message.recipient, options) : client.sendSms(templateId, message.recipient, options);
        const response = await withTimeout(sending, timeoutMs);
        return { providerId: response.data.id };
      } catch (error) {
        throw classify(error);
      }
    },
    async lookup(reference) {
      try {
        const response = await withTimeout(client.getNotifications(undefined, undefined, reference), timeoutMs);
        const found = response.data.notifications.find((n) => n.reference === reference);
        return found ? { providerId: found.id } : null;
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

export interface TransportChoice {
  transport: Transport;
  /** Configuration problems worth printing at start-up. */
  warnings: string[];
}

function envName(template: TemplateName, channel: Channel): string {
  return `NOTIFY_TEMPLATE_${template}_${channel}`;
}

/**
 * GOV.UK Notify when NOTIFY_API_KEY is set and every template has an id for both channels
 * (NOTIFY_TEMPLATE_<TEMPLATE>_<EMAIL|SMS>, or the generic NOTIFY_EMAIL_TEMPLATE_ID /
 * NOTIFY_SMS_TEMPLATE_ID); otherwise the outbox. A key without all template ids is a warning and
 * the outbox (messages stay readable by the practice, never silently dropped).
 */
export function transportFromEnv(env: NodeJS.ProcessEnv): TransportChoice {
  const apiKey = env.NOTIFY_API_KEY?.trim();
  if (!apiKey) return { transport: outboxTransport, warnings: [] };
  const missing: string[] = [];
  const templateIds = {} as Record<TemplateName, Record<Channel, string>>;
  for (const template of TEMPLATES) {
    const email = env[envName(template, 'EMAIL')]?.trim() || env.NOTIFY_EMAIL_TEMPLATE_ID?.trim();
    const sms = env[envName(template, 'SMS')]?.trim() || env.NOTIFY_SMS_TEMPLATE_ID?.trim();
    if (!email) missing.push(envName(template, 'EMAIL'));
    if (!sms) missing.push(envName(template, 'SMS'));
    templateIds[template] = { EMAIL: email ?? '', SMS: sms ?? '' };
  }
  if (missing.length > 0) {
    return {
      transport: outboxTransport,
      warnings: [
        `NOTIFY_API_KEY is set but these template ids are not (nor NOTIFY_EMAIL_TEMPLATE_ID / NOTIFY_SMS_TEMPLATE_ID): ${missing.join(', ')}. Messages go to the outbox (/practice/outbox) instead.`,
      ],
    };
  }
  const timeoutMs = Number(env.NOTIFY_TIMEOUT_MS) > 0 ? Number(env.NOTIFY_TIMEOUT_MS) : undefined;
  return {
    transport: notifyTransport({ apiKey, baseUrl: env.NOTIFY_BASE_URL?.trim() || undefined, templateIds, ...(timeoutMs ? { timeoutMs } : {}) }),
    warnings: [],
  };
}
