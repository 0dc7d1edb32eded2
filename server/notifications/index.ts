// The notifications module: the one import other parts of the server use.
// How to queue a message from a new flow: server/notifications/README.md.
export { enqueueNotifications, queuedSoFar } from './events.js';
export { replyTime } from './personalisation.js';
export { shortReference } from '../../common/index.js';
export type {
  AppointmentDetails,
  AppointmentEvent,
  ChildRequestReceivedEvent,
  NotificationEvent,
  QueuedNotification,
  Recipient,
  RequestReceivedEvent,
  SelfHelpEvent,
} from './eventTypes.js';
export { recipientForPatient, notifyRequestReceived } from './requests.js';
export { listNotifications, listOutbox } from './readback.js';
export type { NotificationState, OutboxMessage } from './readback.js';
export { NotificationWorker, type NotificationStatus, type WorkerOptions } from './worker.js';
export { outboxTransport, notifyTransport, transportFromEnv, TransportError } from './transports.js';
export type { LocalTransport, NotifyConfig, OutgoingMessage, RemoteTransport, Transport } from './transports.js';
export { render, renderEmail, renderSms, SMS_MAX_LENGTH, TEMPLATES, type Channel, type TemplateName } from './content.js';
