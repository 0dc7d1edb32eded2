import type { Db } from '../db.js';
import { ACTIVE_STATUSES, type SlotRow } from './rows.js';
import { addDays, toLocal } from './time.js';

/** Days in one chunk of availability. */
export const CHUNK_DAYS = 7;

/** Which free slots a caller may see: slot types, optionally only some sites. */
export interface AvailabilityScope {
  slotTypes: string[];
  sites?: string[];
}

interface ChunkRow extends SlotRow {
  site_label: string;
  epr_source: string;
  site_virtual: number;
  type_description: string;
  type_virtual: number;
  holder_name: string;
  holder_role: string;
}

/** Sites of a tier (1: the practice's own; 2: alternatives), within the scope. */
function tierSites(db: Db, scope: AvailabilityScope, tier: number): string[] {
  const rows = db.prepare('SELECT identifier FROM appt_sites WHERE tier = ? ORDER BY position').all(tier) as Array<{ identifier: string }>;
  return rows.map((r) => r.identifier).filter((s) => !scope.sites || scope.sites.includes(s));
}

export function maxTier(db: Db): number {
  return (db.prepare('SELECT MAX(tier) AS t FROM appt_sites').get() as { t: number | null }).t ?? 1;
}

const FREE = `s.start_ms > @now AND s.date >= @from
  AND s.slot_type IN (SELECT value FROM json_each(@types)) AND s.site IN (SELECT value FROM json_each(@sites))
  AND NOT EXISTS (SELECT 1 FROM appt_appointments a WHERE a.slot_id = s.id AND a.status IN ${ACTIVE_STATUSES})`;

function firstFreeDate(db: Db, types: string[], sites: string[], from: string, now: number): string | undefined {
  const row = db.prepare(`SELECT MIN(s.date) AS d FROM appt_slots s WHERE ${FREE}`).get({ now, from, types: JSON.stringify(types), sites: JSON.stringify(sites) }) as {
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
      .prepare(
        `SELECT s.*, site.label AS site_label, site.epr_source, site.virtual AS site_virtual,
                t.description AS type_description, t.virtual AS type_virtual, h.name AS holder_name, h.role AS holder_role
         FROM appt_slots s
         JOIN appt_sites site ON site.identifier = s.site
         JOIN appt_slot_types t ON t.id = s.slot_type
         JOIN appt_session_holders h ON h.ref_id = s.holder
         WHERE ${FREE} AND s.date < @end
         ORDER BY s.date, site.position, h.position, s.start_ms`,
      )
      .all({ now, from: start, end, types, sites: sitesJson }) as ChunkRow[];
    const byId = new Map<string, (typeof sessions)[number]>();
    for (const r of rows) {
      let session = byId.get(r.session_id);
      if (!session) {
        session = {
          id: r.session_id,
          date: r.date,
          siteName: r.site_label,
          siteIdentifier: r.site,
          eprSource: r.epr_source,
          virtual: r.site_virtual === 1,
          sessionHolders: [{ refID: r.holder, name: r.holder_name, role: r.holder_role }],
          slots: [],
        };
        byId.set(r.session_id, session);
        sessions.push(session);
      }
      session.slots.push({
        id: r.id,
        startTime: r.start_time,
        endTime: r.end_time,
        type: r.type_description,
        slotTypeId: r.slot_type,
        siteName: r.site_label,
        eprSource: r.epr_source,
        virtual: r.type_virtual === 1 || r.site_virtual === 1,
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
