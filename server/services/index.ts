/**
 * The services the routes share: whether a service is open, sessions, paging. Route
 * files import these from here and never from each other.
 */
export { assertEngineServiceOpen, assertServiceOpen } from './serviceState.js';
export { ENGINE_KEY_COOKIE, SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS, sessionPatientId } from '../sessions.js';
export { DEFAULT_PAGE_SIZE, encodeCursor, encodeRequestsCursor, pageQuery, requestsPageQuery, setPageHeaders } from './paging.js';
export { previewRequestOf } from './previewRequest.js';
