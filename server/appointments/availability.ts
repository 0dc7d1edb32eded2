import type { Dialect, Sql } from '../store/index.js';
import { ACTIVE_STATUSES, inJsonList, type HolderRow, type SiteRow, type SlotRow, type SlotTypeRow } from './rows.js';
import { addDays, toLocal } from './time.js';

/** Days in one chunk of availability. */
const CHUNK_DAYS = 7;

/** Which free slots a caller may see: slot types, optionally only some sites. */
export interface AvailabilityScope {
  slotTypes: string[];
  sites?: string[];
}

/** The diary's small tables, read once per answer instead of joined into every slot row. */
async function lookups(db: Sql) {
  const siteById = new Map((await db.all<SiteRow>('SELECT * FROM appt_sites')).map((s) => [s.identifier, s]));
  const typeById = new Map((await db.all<SlotTypeRow>('SELECT * FROM appt_slot_types')).map((s) => [s.id, s]));
  const holderById = new Map((await db.all<HolderRow & { position: number }>('SELECT * FROM appt_session_holders')).map((h) => [h.ref_id, h]));
  return { siteById, typeById, holderById };
}

/** Sites of a tier (1: the practice's own; 2: alternatives), within the scope. */
async function tierSites(db: Sql, scope: AvailabilityScope, tier: number): Promise<string[]> {
  const rows = await db.all<{ identifier: string }>('SELECT identifier FROM appt_sites WHERE tier = ? ORDER BY position', [tier]);
  return rows.map((r) => r.identifier).filter((s) => !scope.sites || scope.sites.includes(s));
}

export async function maxTier(db: Sql): Promise<number> {
  return (await db.get<{ t: number | null }>('SELECT MAX(tier) AS t FROM appt_sites'))?.t ?? 1;
}

/** Free slots: parameters now, from, slot types (JSON), sites (JSON), in that order. */
const free = (dialect: Dialect) => `s.start_ms > ? AND s.date >= ?
  AND s.slot_type ${inJsonList(dialect)} AND s.site ${inJsonList(dialect)}
  AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.slot_id = s.id AND a.status IN ${ACTIVE_STATUSES})`;

async function firstFreeDate(db: Sql, types: string[], sites: string[], from: string, now: number): Promise<string | undefined> {
  const row = await db.get<{ d: string | null }>(`SELECT MIN(s.date) AS d FROM appt_slots s WHERE ${free(db.dialect)}`, [
    now,
    from,
    JSON.stringify(types),
    JSON.stringify(sites),
  ]);
  return row?.d ?? undefined;
}

/** Whether any free slot of the scope exists in a tier from a date. */
async function hasFreeSlots(db: Sql, scope: AvailabilityScope, tier: number, from: string, now: number): Promise<boolean> {
  return (await firstFreeDate(db, scope.slotTypes, await tierSites(db, scope, tier), from, now)) !== undefined;
}

/** The first date with a free slot of the scope in any tier. */
export async function firstAvailableDate(db: Sql, scope: AvailabilityScope, now: number): Promise<string | undefined> {
  const today = toLocal(now).date;
  const dates: string[] = [];
  const tiers = await maxTier(db);
  for (let tier = 1; tier <= tiers; tier++) {
    const d = await firstFreeDate(db, scope.slotTypes, await tierSites(db, scope, tier), today, now);
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
export async function availabilityChunk(db: Sql, req: ChunkRequest, now: number) {
  const today = toLocal(now).date;
  const from = req.from && req.from > today ? req.from : today;
  const sites = await tierSites(db, req.scope, req.tier);
  const types = JSON.stringify(req.scope.slotTypes);
  const sitesJson = JSON.stringify(sites);
  const start = await firstFreeDate(db, req.scope.slotTypes, sites, from, now);
  const sessions: Array<Record<string, unknown> & { slots: unknown[] }> = [];
  const navigation: { nextChunkLink?: string; nextTierLink?: string } = {};
  if (start) {
    const end = addDays(start, CHUNK_DAYS);
    const rows = await db.all<SlotRow>(`SELECT s.* FROM appt_slots s WHERE ${free(db.dialect)} AND s.date < ? ORDER BY s.date, s.start_ms`, [
      now,
      start,
      types,
      sitesJson,
      end,
    ]);
    const { siteById, typeById, holderById } = await lookups(db);
    // Sessions by date, then site and clinician in the practice's order; slots by start time.
    rows.sort((a, b) =>
      a.date !== b.date
        ? a.date < b.date
          ? -1
          : 1
        : siteById.get(a.site)!.position - siteById.get(b.site)!.position ||
          holderById.get(a.holder)!.position - holderById.get(b.holder)!.position ||
          a.start_ms - b.start_ms,
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
    if (await firstFreeDate(db, req.scope.slotTypes, sites, end, now)) navigation.nextChunkLink = req.linkTo({ from: end, tier: req.tier });
  }
  if (!navigation.nextChunkLink) {
    const tiers = await maxTier(db);
    for (let tier = req.tier + 1; tier <= tiers; tier++) {
      if (await hasFreeSlots(db, req.scope, tier, today, now)) {
        navigation.nextTierLink = req.linkTo({ tier });
        break;
      }
    }
  }
  return { availableAppointmentSessions: sessions, navigation };
}

const answers = new WeakMap<Sql, Map<string, { version: number; json: string }>>();

/**
 * Every booking, change and cancel (and every demo-link refresh) writes an appointment event, so
 * the highest event number changes whenever the set of free slots may have changed.
 */
async function bookVersion(db: Sql): Promise<number> {
  return (await db.get<{ v: number | null }>('SELECT MAX(seq) AS v FROM appt_events'))?.v ?? 0;
}

/**
 * Availability answers, serialised, reused while nothing was booked, changed or cancelled within
 * the same minute (slots start on whole minutes, so a slot that started since cannot be in it).
 * Reads outnumber bookings by far; each booking makes the next read build afresh.
 */
export async function cachedAnswer(db: Sql, key: string, now: number, build: () => Promise<unknown>): Promise<string> {
  let cache = answers.get(db);
  if (!cache) answers.set(db, (cache = new Map()));
  const fullKey = `${Math.floor(now / 60_000)}|${key}`;
  const version = await bookVersion(db);
  const hit = cache.get(fullKey);
  if (hit && hit.version === version) return hit.json;
  const json = JSON.stringify(await build());
  if (cache.size >= 1000) cache.clear();
  cache.set(fullKey, { version, json });
  return json;
}

/** Forget every cached answer (the book was reset). */
export function forgetCachedAnswers(db: Sql): void {
  answers.delete(db);
}
