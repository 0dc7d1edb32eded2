import type { FastifyInstance } from 'fastify';
import type { AdminFormsSettings } from '../../generated/types/api/admin-forms-settings';
import type { NotificationConfig } from '../../generated/types/api/notification-config';
import type { OperationalState } from '../../generated/types/api/operational-state';
import type { PatientAppSettings } from '../../generated/types/api/patient-app-settings';
import type { PracticeControls } from '../../generated/types/api/practice-controls';
import type { PracticeControlsState } from '../../generated/types/api/practice-controls-state';
import type { PracticeNotices } from '../../generated/types/api/practice-notices';
import type { SharedSettings } from '../../generated/types/api/shared-settings';
import type { ServerContext } from '../context.js';
import { resetDatabase } from '../seeding.js';
import { getSetting, putSetting } from '../settingsStore.js';
import type { JsonObject } from '../json.js';
import type { Sql } from '../store/index.js';
import { resetAppointments } from '../appointments/diary.js';
import { storedPracticeLimits, writePracticeLimits } from '../limits.js';
import { schemaId } from '../validation.js';

async function setting<T>(db: Sql, key: string): Promise<T> {
  const value = await getSetting<T>(db, key);
  if (value === undefined) throw new Error(`setting ${key} missing`);
  return value;
}

/** The switches as they stand now. */
async function controlsState(db: Sql): Promise<PracticeControlsState> {
  const shared = await setting<SharedSettings>(db, 'shared');
  return {
    operationalState: await setting<OperationalState>(db, 'operational-state'),
    featureSets: shared.featureSets,
    smsEnabled: (await setting<NotificationConfig>(db, 'notification-config')).sms.enabled,
    nhsLoginEnabled: shared.nhsLogin.enabled,
    enableChildRequests: shared.enableChildRequests,
    notices: await setting<PracticeNotices>(db, 'practice-notices'),
    patientEnabledForms: (await setting<AdminFormsSettings>(db, 'admin-forms')).patientEnabledForms,
    flowConfig: (await setting<PatientAppSettings>(db, 'patient-app')).flowConfig,
    limits: await storedPracticeLimits(db),
  };
}

/** Applies the switches in one transaction (each setting read and written back on it). */
async function applyControls(store: Sql, c: PracticeControls): Promise<void> {
  await store.tx(async (db) => {
    if (c.operationalState) {
      const state = await setting<OperationalState>(db, 'operational-state');
      for (const service of ['medical', 'admin'] as const) {
        const patch = c.operationalState[service];
        if (!patch) continue;
        // reopensAt: null forgets the reopening time (the stored state never holds null).
        const { reopensAt, ...rest } = patch;
        const next = { ...state[service], ...rest };
        if (typeof reopensAt === 'string') next.reopensAt = reopensAt;
        else if (reopensAt === null) delete next.reopensAt;
        state[service] = next;
      }
      await putSetting(db, 'operational-state', state);
    }
    if (c.featureSets || c.nhsLoginEnabled !== undefined || c.enableChildRequests !== undefined) {
      const shared = await setting<JsonObject & { nhsLogin: JsonObject }>(db, 'shared');
      if (c.featureSets) shared.featureSets = c.featureSets;
      if (c.enableChildRequests !== undefined) shared.enableChildRequests = c.enableChildRequests;
      if (c.nhsLoginEnabled !== undefined) shared.nhsLogin = { ...shared.nhsLogin, enabled: c.nhsLoginEnabled };
      await putSetting(db, 'shared', shared);
    }
    if (c.smsEnabled !== undefined) await putSetting(db, 'notification-config', { sms: { enabled: c.smsEnabled } });
    if (c.notices) {
      const now = new Date().toISOString();
      await putSetting(
        db,
        'practice-notices',
        c.notices.map((n) => ({ ...n, publishedAt: now })),
      );
    }
    if (c.patientEnabledForms) {
      await putSetting(db, 'admin-forms', { ...(await setting<JsonObject>(db, 'admin-forms')), patientEnabledForms: c.patientEnabledForms });
    }
    if (c.limits) await writePracticeLimits(db, c.limits);
    if (c.flowConfig) {
      const app = await setting<JsonObject & { flowConfig: JsonObject }>(db, 'patient-app');
      await putSetting(db, 'patient-app', { ...app, flowConfig: { ...app.flowConfig, ...c.flowConfig } });
    }
  });
}

/** Demo and test switches: registered only when the server starts with controls on, otherwise these paths are 404. */
export function registerControlsRoutes(app: FastifyInstance, { store, controls, documents }: ServerContext): void {
  if (!controls) return;
  app.post<{ Body: PracticeControls }>('/api/v1/practice/controls', { schema: { body: { $ref: schemaId('practice-controls') } } }, async (request) => {
    await applyControls(store, request.body);
    return controlsState(store);
  });
  app.post('/api/v1/practice/controls/reset', async () => {
    // One transaction: the appointment book with the rest.
    await store.tx(async (tx) => {
      await resetDatabase(tx);
      await resetAppointments(tx, Date.now(), store);
    });
    // The seed has no menu: it comes from the form documents, as on every start.
    await documents.syncMenu();
    return controlsState(store);
  });
}
