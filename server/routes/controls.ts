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
import type { Db } from '../db.js';
import { readSetting, resetDatabase, writeSetting } from '../db.js';
import { resetAppointments } from '../appointments/diary.js';
import { storedPracticeLimits, writePracticeLimits } from '../limits.js';
import { schemaId } from '../validation.js';

type Obj = Record<string, unknown>;

function setting<T>(db: Db, key: string): T {
  const value = readSetting<T>(db, key);
  if (value === undefined) throw new Error(`setting ${key} missing`);
  return value;
}

/** The switches as they stand now. */
export function controlsState(db: Db): PracticeControlsState {
  const shared = setting<SharedSettings>(db, 'shared');
  return {
    operationalState: setting<OperationalState>(db, 'operational-state'),
    featureSets: shared.featureSets,
    smsEnabled: setting<NotificationConfig>(db, 'notification-config').sms.enabled,
    nhsLoginEnabled: shared.nhsLogin.enabled,
    enableChildRequests: shared.enableChildRequests,
    notices: setting<PracticeNotices>(db, 'practice-notices'),
    patientEnabledForms: setting<AdminFormsSettings>(db, 'admin-forms').patientEnabledForms,
    flowConfig: setting<PatientAppSettings>(db, 'patient-app').flowConfig,
    limits: storedPracticeLimits(db),
  };
}

export function applyControls(db: Db, c: PracticeControls): void {
  db.transaction(() => {
    if (c.operationalState) {
      const state = setting<OperationalState>(db, 'operational-state');
      for (const service of ['medical', 'admin'] as const) {
        const patch = c.operationalState[service];
        if (patch) state[service] = { ...state[service], ...patch };
      }
      writeSetting(db, 'operational-state', state);
    }
    if (c.featureSets || c.nhsLoginEnabled !== undefined || c.enableChildRequests !== undefined) {
      const shared = setting<Obj & { nhsLogin: Obj }>(db, 'shared');
      if (c.featureSets) shared.featureSets = c.featureSets;
      if (c.enableChildRequests !== undefined) shared.enableChildRequests = c.enableChildRequests;
      if (c.nhsLoginEnabled !== undefined) shared.nhsLogin = { ...shared.nhsLogin, enabled: c.nhsLoginEnabled };
      writeSetting(db, 'shared', shared);
    }
    if (c.smsEnabled !== undefined) writeSetting(db, 'notification-config', { sms: { enabled: c.smsEnabled } });
    if (c.notices) {
      const now = new Date().toISOString();
      writeSetting(db, 'practice-notices', c.notices.map((n) => ({ ...n, publishedAt: now })));
    }
    if (c.patientEnabledForms) {
      writeSetting(db, 'admin-forms', { ...setting<Obj>(db, 'admin-forms'), patientEnabledForms: c.patientEnabledForms });
    }
    if (c.limits) writePracticeLimits(db, c.limits);
    if (c.flowConfig) {
      const app = setting<Obj & { flowConfig: Obj }>(db, 'patient-app');
      writeSetting(db, 'patient-app', { ...app, flowConfig: { ...app.flowConfig, ...c.flowConfig } });
    }
  })();
}

/** Demo and test switches: registered only when the server starts with controls on, otherwise these paths are 404. */
export function registerControlsRoutes(app: FastifyInstance, { db, store, controls, documents }: ServerContext): void {
  if (!controls) return;
  app.post<{ Body: PracticeControls }>('/api/v1/practice/controls', { schema: { body: { $ref: schemaId('practice-controls') } } }, async (request) => {
    applyControls(db, request.body);
    return controlsState(db);
  });
  app.post('/api/v1/practice/controls/reset', async () => {
    // One transaction on SQLite (the store's connection is db's): the appointment book with the rest.
    await store.tx(async (tx) => {
      resetDatabase(db);
      await resetAppointments(tx, db, Date.now(), store);
    });
    // The seed has no menu: it comes from the form documents, as on every start.
    await documents.syncMenu();
    return controlsState(db);
  });
}
