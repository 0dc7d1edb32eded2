// The appointments code took its cached statements from here first; the helper now serves the whole server.
export { sql } from '../sql.js';
