/**
 * Every call to the practice API has a deadline: the product's longest waits ("this may take up
 * to 2 minutes") are 2 minutes, so a call still unanswered after 2 minutes is given up and
 * fails like a lost connection — the generic "An error has occurred" message, or the flow's
 * own ("There was a problem…", TEMPORARY_ERROR for the record check) — with the answers kept.
 */
const API_TIMEOUT_MS = 120_000;

/** The e2e build (vite --mode e2e) lets a test shorten the deadline; the production build has no such switch. */
const E2E_TIMEOUT_KEY = 'e2e:apiTimeoutMs';

function apiTimeoutMs(): number {
  if (import.meta.env.MODE === 'e2e') {
    const override = Number(globalThis.sessionStorage?.getItem(E2E_TIMEOUT_KEY));
    if (Number.isFinite(override) && override > 0) return override;
  }
  return API_TIMEOUT_MS;
}

/** The abort signal a call carries: it fires after the deadline. */
export function deadline(): AbortSignal {
  return AbortSignal.timeout(apiTimeoutMs());
}
