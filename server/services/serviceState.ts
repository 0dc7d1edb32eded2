import type { OperationalState } from '../../generated/types/api/operational-state';
import { serviceOpen } from '../../common/index.js';
import { HttpError } from '../errors.js';
import { getSetting } from '../settingsStore.js';
import type { Sql } from '../store/index.js';

/** Whether the medical and admin services are on, and the practice's calendar (the `operational-state` setting). */
async function readOperationalState(db: Sql): Promise<OperationalState> {
  const state = await getSetting<OperationalState>(db, 'operational-state');
  if (!state) throw new Error('operational-state setting missing');
  return state;
}

/**
 * 412 "Outside normal operating hours" when the service is SERVICE_OFF or OUT_OF_HOURS
 * (schemas/api/README.md, "Errors"): the same rule the app's cards and routes ask (common/serviceOpen.ts).
 */
export async function assertServiceOpen(db: Sql, service: 'medical' | 'admin'): Promise<void> {
  const state = await readOperationalState(db);
  if (!serviceOpen(service === 'admin' ? 'admin' : 'adult', { state }).open) {
    throw new HttpError(412, 'Outside normal operating hours');
  }
}
