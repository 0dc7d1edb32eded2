// The engine's copy of the operational state (server/services/serviceState.ts) in one process: a
// change made here, through putSetting or the demo reset, is honoured by the next $start or
// $continue, with no wait for the copy to expire. Across instances: tests/integration/server/store/index.instances.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEngineServiceOpen } from '../../../../server/services/index.js';
import { resetDatabase } from '../../../../server/seeding.js';
import { putSetting } from '../../../../server/settingsStore.js';
import type { Sql } from '../../../../server/store/index.js';
import { testStore } from '../../support/stores.js';

const OPEN = {
  medical: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
  admin: { operationalStatus: 'SERVICE_ON', practiceCalendar: 'IN_HOURS' },
};
const closed = (medical: object) => ({ ...OPEN, medical });

let t: Awaited<ReturnType<typeof testStore>>;
let store: Sql;
beforeAll(async () => {
  t = await testStore();
  store = t.store;
});
afterAll(() => t?.cleanup());

describe("the engine's copy of the operational state, in one process", () => {
  it('a change through putSetting is honoured by the next call, closing and opening alike', async () => {
    await putSetting(store, 'operational-state', OPEN);
    await assertEngineServiceOpen(store);
    await putSetting(store, 'operational-state', closed({ operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' }));
    await expect(assertEngineServiceOpen(store)).rejects.toMatchObject({ statusCode: 412, message: 'Outside normal operating hours' });
    await putSetting(store, 'operational-state', OPEN);
    await assertEngineServiceOpen(store);
    await putSetting(store, 'operational-state', closed({ operationalStatus: 'SERVICE_ON', practiceCalendar: 'OUT_OF_HOURS' }));
    await expect(assertEngineServiceOpen(store)).rejects.toMatchObject({ statusCode: 412 });
  });

  it('a change made inside a transaction is honoured once it commits', async () => {
    await putSetting(store, 'operational-state', OPEN);
    await assertEngineServiceOpen(store);
    await store.tx((tx) => putSetting(tx, 'operational-state', closed({ operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' })));
    await expect(assertEngineServiceOpen(store)).rejects.toMatchObject({ statusCode: 412 });
  });

  it('the demo reset (the settings table emptied and seeded again) is honoured by the next call', async () => {
    await putSetting(store, 'operational-state', closed({ operationalStatus: 'SERVICE_OFF', practiceCalendar: 'IN_HOURS' }));
    await expect(assertEngineServiceOpen(store)).rejects.toMatchObject({ statusCode: 412 });
    await store.tx((tx) => resetDatabase(tx));
    await assertEngineServiceOpen(store);
  });
});
