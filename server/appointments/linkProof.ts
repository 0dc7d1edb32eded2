// Who may book, change or cancel an appointment through a link. A link travels in an email, which
// can be forwarded, read over a shoulder or left open on a shared computer; the link alone must not
// be enough to book, move or cancel someone's appointment. So booking, rescheduling and cancelling
// through a link need the link's identity check (the date of birth; a direct booking's recipient
// details), passed in this browser within the last hour: the action-request call that passes it
// sets a short-lived proof for that one link as an HttpOnly cookie. The calls' bodies stay the
// contract's (schemas/api): the proof is beside them.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import { cookieHeader, readCookie } from '../cookies.js';
import type { LinkRow } from './rows.js';
import type { Sql } from '../store/index.js';
import { cachedEngineKeySecret } from '../engineKeys.js';

const LINK_PROOF_COOKIE = 'gp_link_check';
/** How long a passed check lets this browser change or cancel through the link. */
export const LINK_PROOF_MS = 60 * 60 * 1000;
/** The link's id (32 hex), the expiry (12 hex, ms) and their HMAC (32 hex). */
const PROOF_PATTERN = /^[0-9a-f]{76}$/;

const hexId = (linkUUID: string) => linkUUID.toLowerCase().replace(/-/g, '');
const mac = (secret: string, id: string, expiry: string) => createHmac('sha256', secret).update(`link-check:${id}:${expiry}`).digest('hex').slice(0, 32);

/** A proof that this link's identity check was passed, valid until `now + LINK_PROOF_MS`. */
export function issueLinkProof(secret: string, linkUUID: string, now: number): string {
  const id = hexId(linkUUID);
  const expiry = Math.floor(now + LINK_PROOF_MS)
    .toString(16)
    .padStart(12, '0');
  return `${id}${expiry}${mac(secret, id, expiry)}`;
}

/** Whether `proof` was issued by this practice for this link and has not expired. */
export function isLinkProofValid(secret: string, proof: string | undefined, linkUUID: string, now: number): boolean {
  if (!proof || !PROOF_PATTERN.test(proof)) return false;
  const id = proof.slice(0, 32);
  const expiry = proof.slice(32, 44);
  if (id !== hexId(linkUUID) || parseInt(expiry, 16) <= now) return false;
  return timingSafeEqual(Buffer.from(proof.slice(44)), Buffer.from(mac(secret, id, expiry)));
}

/**
 * The Set-Cookie of a passed check (only the appointment calls read it). The practice's secret is
 * the one its engine keys are signed with, used here under its own label.
 */
export async function linkProofCookie(db: Sql, link: LinkRow, now: number, secure: boolean): Promise<string> {
  const proof = issueLinkProof(await cachedEngineKeySecret(db), link.link_uuid, now);
  return cookieHeader(LINK_PROOF_COOKIE, proof, { sameSite: 'Strict', secure, maxAgeSeconds: LINK_PROOF_MS / 1000 });
}

function readLinkProof(request: FastifyRequest): string | undefined {
  return readCookie(request, LINK_PROOF_COOKIE, PROOF_PATTERN);
}

/** 403 with what to do: the caller has not confirmed, in this browser and within the hour, who the link is for. */
function identityCheckRequired(link: LinkRow, doing: string): HttpError {
  const proof = link.par_type === 'DIRECT_BOOKING' ? 'patient' : 'dateOfBirth';
  return new HttpError(
    403,
    `Please confirm your date of birth before you ${doing} (POST /api/v1/triage/patient/action-request/${link.par_type}/${link.link_uuid} with ${proof})`,
    { reason: 'IDENTITY_CHECK_REQUIRED' },
  );
}

/** Refuses a booking, change or cancel through `link` unless the request carries a valid proof for it. */
export async function assertLinkProof(
  db: Sql,
  request: FastifyRequest,
  link: LinkRow,
  now: number,
  doing = 'change or cancel this appointment',
): Promise<void> {
  if (!isLinkProofValid(await cachedEngineKeySecret(db), readLinkProof(request), link.link_uuid, now)) throw identityCheckRequired(link, doing);
}
