import type { Db } from '../db.js';
import { sql } from './sql.js';
import { ACTIVE_STATUSES, type HolderRow, type SiteRow, type SlotRow, type SlotTypeRow } from './rows.js';
import { addDays, toLocal } from './time.js';

/** Days in one chunk of availability. */
export const CHUNK_DAYS = 7;

/** Which free slots a caller may see: slot types, optionally only some sites. */
export interface AvailabilityScope {
  slotTypes: string[];
  sites?: string[];
}

/** The diary's small tables, read once per answer instead of joined into every slot row. */
function lookups(db: Db) {
  const siteById = new Map((sql(db, 'SELECT * FROM appt_sites').all() as SiteRow[]).map((s) => [s.identifier, s]));
  const typeById = new Map((sql(db, 'SELECT * FROM appt_slot_types').all() as SlotTypeRow[]).map((s) => [s.id, s]));
  const holderById = new Map((sql(db, 'SELECT * FROM appt_session_holders').all() as Array<HolderRow & { position: number }>).map((h) => [h.ref_id, h]));
  return { siteById, typeById, holderById };
}

/** Sites of a tier (1: the practice's own; 2: alternatives), within the scope. */
function tierSites(db: Db, scope: AvailabilityScope, tier: number): string[] {
  const rows = sql(db, 'SELECT identifier FROM appt_sites WHERE tier = ? ORDER BY position').all(tier) as Array<{ identifier: string }>;
  return rows.map((r) => r.identifier).filter((s) => !scope.sites || scope.sites.includes(s));
}

export function maxTier(db: Db): number {
  return (sql(db, 'SELECT MAX(tier) AS t FROM appt_sites').get() as { t: number | null }).t ?? 1;
}

const FREE = `s.start_ms > @now AND s.date >= @from
  AND s.slot_type IN (SELECT value FROM json_each(@types)) AND s.site IN (SELECT value FROM json_each(@sites))
  AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.slot_id = s.id AND a.status IN ${ACTIVE_STATUSES})`;

function firstFreeDate(db: Db, types: string[], sites: string[], from: string, now: number): string | undefined {
  const row = sql(db, `SELECT MIN(s.date) AS d FROM appt_slots s WHERE ${FREE}`).get({ now, from, types: JSON.stringify(types), sites: JSON.stringify(sites) }) as {
    d: string | null;
  };
  return row.d ?? undefined;
}

/** Whether any free slot of the scope exists in a tier from a date. */
export function hasFreeSlots(db: Db, scope: AvailabilityScope, tier: number, from: string, now: number): boolean {
  return firstFreeDate(db, scope.slotTypes, tierSites(db, scope, tier), from, now) !== undefined;
}

/** The first date with a free slot of the scope in any tier. */
export function firstAvailableDate(db: Db, scope: AvailabilityScope, now: number): string | undefined {
  const today = toLocal(now).date;
  const dates: string[] = [];
  for (let tier = 1; tier <= maxTier(db); tier++) {
    const d = firstFreeDate(db, scope.slotTypes, tierSites(db, scope, tier), today, now);
    if (d) dates.push(d);
  }
  return dates.sort()[0];
}

export interface ChunkRequest {
  scope: AvailabilityScope;
  tier: number;
  /** YYYY-MM-DD; before today counts as today. */
  from?: string;
  /** Builds the link to another chunk or tier of the same query. */
  linkTo: (next: { from?: string; tier: number }) => string;
}

/**
 * One chunk of availability (appointment-availability.schema.json): the free slots of at most
 * CHUNK_DAYS days from the first date with one (on or after `from`), grouped into sessions
 * (site, clinician, day, session). nextChunkLink while a free slot remains after the chunk in
 * this tier; on the tier's last chunk, nextTierLink when the next tier has free slots.
 */
export function availabilityChunk(db: Db, req: ChunkRequest, now: number) {
  const today = toLocal(now).date;
  const from = req.from && req.from > today ? req.from : today;
  const sites = tierSites(db, req.scope, req.tier);
  const types = JSON.stringify(req.scope.slotTypes);
  const sitesJson = JSON.stringify(sites);
  const start = firstFreeDate(db, req.scope.slotTypes, sites, from, now);
  const sessions: Array<Record<string, unknown> & { slots: unknown[] }> = [];
  const navigation: { nextChunkLink?: string; nextTierLink?: string } = {};
  if (start) {
    const end = addDays(start, CHUNK_DAYS);
    const rows = db
      .prepare(`SELECT s.* FROM appt_slots s WHERE ${FREE} AND s.date < @end ORDER BY s.date, s.start_ms`)
      .all({ now, from: start, end, types, sites: sitesJson }) as SlotRow[];
    const { siteById, typeById, holderById } = lookups(db);
    // Sessions by date, then site and clinician in the practice's order; slots by start time.
    rows.sort((a, b) =>
      a.date !== b.date
        ? (a.date < b.date ? -1 : 1)
        : siteById.get(a.site)!.position - siteById.get(b.site)!.position || holderById.get(a.holder)!.position - holderById.get(b.holder)!.position || a.start_ms - b.start_ms,
    );
    const byId = new Map<string, (typeof sessions)[number]>();
    for (const r of rows) {
      const site = siteById.get(r.site)!;
      const type = typeById.get(r.slot_type)!;
      const holder = holderById.get(r.holder)!;
      let session = byId.get(r.session_id);
      if (!session) {
        session = {
          id: r.session_id,
          date: r.date,
          siteName: site.label,
          siteIdentifier: r.site,
          eprSource: site.epr_source,
          virtual: site.virtual === 1,
          sessionHolders: [{ refID: r.holder, name: holder.name, role: holder.role }],
          slots: [],
        };
        byId.set(r.session_id, session);
        sessions.push(session);
      }
      session.slots.push({
        id: r.id,
        startTime: r.start_time,
        endTime: r.end_time,
        type: type.description,
        slotTypeId: r.slot_type,
        siteName: site.label,
        eprSource: site.epr_source,
        virtual: type.virtual === 1 || site.virtual === 1,
        date: r.date,
        session: r.session_name,
        dateTimeInMilliseconds: r.start_ms,
      });
    }
    if (firstFreeDate(db, req.scope.slotTypes, sites, end, now)) navigation.nextChunkLink = req.linkTo({ from: end, tier: req.tier });
  }
  if (!navigation.nextChunkLink) {
    for (let tier = req.tier + 1; tier <= maxTier(db); tier++) {
      if (hasFreeSlots(db, req.scope, tier, today, now)) {
        navigation.nextTierLink = req.linkTo({ tier });
        break;
      }
    }
  }
  return { availableAppointmentSessions: sessions, navigation };
}

const answers = new WeakMap<Db, Map<string, { version: number; json: string }>>();

/**
 * Every booking, change and cancel (and every demo-link refresh) writes an appointment event, so
 * the highest event number changes whenever the set of free slots may have changed.
 */
function bookVersion(db: Db): number {
  return (sql(db, 'SELECT MAX(seq) AS v FROM appt_events').get() as { v: number | null }).v ?? 0;
}

/**
 * Availability answers, serialised, reused while nothing was booked, changed or cancelled within
 * the same minute (slots start on whole minutes, so a slot that started since cannot be in it).
 * Reads outnumber bookings by far; each booking makes the next read build afresh.
 */
export function cachedAnswer(db: Db, key: string, now: number, build: () => unknown): string {
  let cache = answers.get(db);
  if (!cache) answers.set(db, (cache = new Map()));
  const fullKey = `${Math.floor(now / 60_000)}|${key}`;
  const version = bookVersion(db);
  const hit = cache.get(fullKey);
  if (hit && hit.version === version) return hit.json;
  const json = JSON.stringify(build());
  if (cache.size >= 1000) cache.clear();
  cache.set(fullKey, { version, json });
  return json;
}

/** Forget every cached answer (the book was reset). */
export function forgetCachedAnswers(db: Db): void {
  answers.delete(db);
}
