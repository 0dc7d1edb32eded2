// Postcode check (schemas/api/README.md, "Login and postcode").
import { getJson } from './client';

const POSTCODE_PATHS = {
  exists: (postcode: string) => `/postcode/${encodeURIComponent(postcode)}/exists`,
} as const;

/** True when the practice knows the postcode; false for malformed or unknown ones. */
export const postcodeExists = (postcode: string): Promise<boolean> => getJson<unknown>(POSTCODE_PATHS.exists(postcode)).then((a) => a === true);
