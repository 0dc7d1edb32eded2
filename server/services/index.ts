/**
 * The services the routes share: whether a service is open, sessions, paging. Route
 * files import these from here and never from each other.
 */
export { assertServiceOpen, readOperationalState } from './serviceState.js';
export {
  ENGINE_KEY_COOKIE,
  prunePatientSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_PRUNE_INTERVAL_MS,
  sessionLive,
  sessionPatientId,
} from '../sessions.js';
export {
  decodeCursor,
  decodeRequestsCursor,
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  encodeRequestsCursor,
  MAX_PAGE_SIZE,
  pageQuery,
  requestsPageQuery,
  type RequestsPosition,
  setPageHeaders,
} from './paging.js';
export { previewRequestOf } from './previewRequest.js';
