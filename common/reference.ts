// The short reference a patient can quote for a request: the confirmation screen shows it and the
// confirmation email and text carry it, so it is one rule for both (they once differed).

/** The first 8 letters and digits of the request id the practice stored it under, in capitals, e.g. "4F2A9C1B". */
export function shortReference(id: string): string {
  return id
    .replace(/[^0-9a-zA-Z]/g, '')
    .slice(0, 8)
    .toUpperCase();
}
