import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as it is shown back: national format ("07700 900123", "0113 496 0000") for a
 * valid UK number however it was typed (+44…, no spaces…); anything else as given, trimmed.
 * Shared by the app (answers shown back) and the server (the practice's own number in the clinic
 * settings, so the home page need not ship libphonenumber-js).
 */
export function nationalPhone(value: string): string {
  const trimmed = value.trim();
  const parsed = parsePhoneNumberFromString(trimmed, 'GB');
  return parsed && parsed.isValid() && parsed.country === 'GB' ? parsed.formatNational() : trimmed;
}
