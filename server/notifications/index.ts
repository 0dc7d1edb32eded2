// The notifications module: the one import other parts of the server use.
// How to queue a message from a new flow: server/notifications/README.md.
export { enqueueNotifications, queuedSoFar } from './events.js';
export { shortReference } from '../../common/index.js';
export type { AppointmentDetails, AppointmentEvent, NotificationEvent, QueuedNotification, SelfHelpEvent } from './eventTypes.js';
export { recipientForPatient, notifyRequestReceived } from './requests.js';
export { listNotifications, listOutbox } from './readback.js';
export { NotificationWorker, type WorkerOptions } from './worker.js';
export { outboxTransport, transportFromEnv, TransportError } from './transports.js';
export type { LocalTransport, Transport } from './transports.js';
export { renderSms, SMS_MAX_LENGTH, TEMPLATES } from './content.js';
