import type { AdminRequest } from '../../generated/types/api/admin-request';
import type { ConsultationContext } from '../../generated/types/api/consultation-request';
import type { TriageRequest } from '../../generated/types/api/triage-request';
import type { AssociatedRequest } from '../../generated/types/api/unverified-requests';
import type { UrgencyTier } from '../../generated/types/api/urgency-tier';

/**
 * The store: what every server module talks to (docs/architecture.md "The store"). Two
 * implementations, chosen at start by DATABASE_URL: the embedded SQLite file (default, nothing to
 * install) and PostgreSQL (several instances on one database). SQL is written once, with `?`
 * placeholders, in the subset both engines share (INSERT … ON CONFLICT … DO …, RETURNING, partial
 * unique indexes); the PostgreSQL adapter numbers the placeholders ($1, $2…).
 *
 * Portable SQL, in short: snake_case column aliases (PostgreSQL folds unquoted names to lower
 * case), no INSERT OR IGNORE / OR REPLACE (use ON CONFLICT … DO NOTHING / DO UPDATE), no
 * datetime()/randomblob() (compute values in TypeScript and bind them), booleans bound as 1/0.
 * Numbers come back as numbers from both (PostgreSQL's BIGINT and COUNT(*) are parsed).
 */
export type Dialect = 'sqlite' | 'postgres';

export interface Sql {
  readonly dialect: Dialect;
  /** Inside a transaction: the store it was opened on (per-store process state, such as the limit scale, keys on it). */
  readonly base?: Sql;
  /** The first row, or undefined. */
  get<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** A statement without rows to read (or whose RETURNING rows are not needed): how many rows it changed. */
  run(text: string, params?: readonly unknown[]): Promise<{ changes: number }>;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. SQLite:
   * BEGIN IMMEDIATE on the one connection, transactions serialised by an async mutex (statements
   * outside a transaction wait for it too). PostgreSQL: one pooled client, READ COMMITTED. A
   * transaction inside a transaction joins it.
   */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Answers when the store can serve (a `SELECT 1`); throws otherwise. For /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** SQLite's error for a broken unique constraint, PostgreSQL's 23505: true for either. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * A contract interface as a plain object type: the same fields, with the implicit index
 * signature an interface lacks, so a typed body is also read as JSON (a `Record<string, unknown>`
 * parameter) without a cast.
 */
export type AsJson<T> = { [K in keyof T]: T[K] };

/** Which version of a form or pathway document the answers were checked against. */
interface StoredDocumentVersion {
  id: string;
  version: number;
  hash: string;
}

/** The patient's own words that matched an emergency phrase, recorded by the server's screening. */
interface StoredScreening {
  matched: Array<{ entryId: string; words: string; tier: UrgencyTier; crisis: boolean }>;
}

/**
 * A triage request as stored: the contract's fields only (server/contractFields.ts), the answers
 * and tier from the engine's record, and the client's claims the server corrected.
 */
export type StoredTriageRequest = AsJson<TriageRequest & { clientTriageRequestType?: string; clientEmergencyOverrideReason?: string }>;

/** An admin request as stored: the envelope, the form's fields its rules keep, the form's version. */
export type StoredAdminRequest = AsJson<AdminRequest & { documentVersion?: StoredDocumentVersion; screening?: StoredScreening }>;

/** The associated request of an unverified pair (a CHANGE_OF_CONTACT_DETAILS one re-checked by its form). */
export type StoredAssociatedRequest = AsJson<AssociatedRequest & { documentVersion?: StoredDocumentVersion }>;

/** A consultation: the finished questionnaire, why it went to the inbox, the pathway's version. */
export type StoredConsultation = {
  triageRequest: StoredTriageRequest;
  context?: ConsultationContext;
  documentVersion?: StoredDocumentVersion;
  screening?: StoredScreening;
};

/** A symptom assessment stored by its booking: the questionnaire and the slot booked for it. */
type StoredSymptomBooking = { triageRequest: StoredTriageRequest; context: ConsultationContext; appointmentSlotId: string; screening?: StoredScreening };

/** An eligibility pathway's request stored by its booking. */
type StoredEligibilityBooking = { eligibilityBooking: StoredTriageRequest; appointmentSlotId: string; screening?: StoredScreening };

/** What a booking of a new request stores (its kind is CONSULTATION). */
export type StoredBooking = StoredSymptomBooking | StoredEligibilityBooking;

/** An unverified pair: a primary request (admin or medical) and the associated one. */
export type StoredUnverifiedPair = {
  primaryRequest: StoredAdminRequest | StoredTriageRequest;
  associatedRequest: StoredAssociatedRequest;
  screening?: StoredScreening;
};

/** The kinds of request the store keeps (column `requests.kind`). */
export type RequestKind = 'ADMIN_REQUEST' | 'CONSULTATION' | 'UNVERIFIED_REQUESTS';

/**
 * What the store keeps as a request's body (column `requests.body`, JSON), by kind: the
 * contract's types as the server checked and completed them, never the client's extra keys.
 */
export interface StoredBodies {
  ADMIN_REQUEST: StoredAdminRequest;
  CONSULTATION: StoredConsultation | StoredBooking;
  UNVERIFIED_REQUESTS: StoredUnverifiedPair;
}

export type StoredBody = StoredBodies[RequestKind];
