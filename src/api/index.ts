// The app's one API layer. Every call to the practice API is a typed function here, one module
// per area (settings, login, postcode, patients, requests…), each holding its paths; no other
// file in src/ writes a URL (tests/unit/src/api/index.one-layer.test.ts fails if one does). Bodies and
// answers are the types generated from schemas/api. Calls a patient's action makes go through
// `useApiCall` (src/errors/ErrorNotifications.tsx), the one error path.
//
// A new area (engine, appointments…) is a new file `src/api/<area>.ts` with `<AREA>_PATHS` and
// its calls, re-exported below.
export { ApiError } from './client';
export * from './settings';
export * from './login';
export * from './postcode';
export * from './patients';
export * from './requests';
export * from './documents';
export * from './engine';
export * from './appointments';
export * from './editor';
export * from './photos';
