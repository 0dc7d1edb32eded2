import type { Sql } from '../store/index.js';
import { firstAvailableDate, type AvailabilityScope } from './availability.js';
import { getSite, getSlotType, inJsonList, siteHolders, siteJson, slotTypeJson } from './rows.js';

/** The sessions answer: the first free date, and the sites, slot types and clinicians that offer the scope's slot types. */
export async function sessionsAnswer(db: Sql, scope: AvailabilityScope, now: number) {
  const first = await firstAvailableDate(db, scope, now);
  const siteIds = (await db.all<{ identifier: string }>('SELECT identifier FROM appt_sites ORDER BY position')).map((r) => r.identifier);
  const holders = await db.all<{ ref_id: string; name: string; role: string }>(
    `SELECT DISTINCT h.ref_id, h.name, h.role, h.position FROM appt_session_holders h JOIN appt_slots s ON s.holder = h.ref_id
     WHERE s.slot_type ${inJsonList(db.dialect)} AND s.start_ms > ? ORDER BY h.position`,
    [JSON.stringify(scope.slotTypes), now],
  );
  const sitesWithType = new Set(
    (await db.all<{ site: string }>(`SELECT DISTINCT site FROM appt_slots WHERE slot_type ${inJsonList(db.dialect)}`, [JSON.stringify(scope.slotTypes)])).map(
      (r) => r.site,
    ),
  );
  const sites = [];
  for (const id of siteIds.filter((s) => sitesWithType.has(s))) sites.push(siteJson(await getSite(db, id), siteHolders(id)));
  const slotTypes = [];
  for (const id of scope.slotTypes) slotTypes.push(slotTypeJson(await getSlotType(db, id)));
  return {
    hasAvailableAppointments: first !== undefined,
    ...(first ? { firstAvailableDate: first } : {}),
    sites,
    slotTypes,
    sessionHolders: holders.map((h) => ({ refID: h.ref_id, name: h.name, role: h.role })),
  };
}
