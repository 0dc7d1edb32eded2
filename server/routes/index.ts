import type { RouteModule } from '../context.js';
import { registerAppointmentRoutes } from './appointments.js';
import { registerControlsRoutes } from './controls.js';
import { registerDocumentPreviewRoutes } from './documentPreview.js';
import { registerEditorRoutes } from './documentEditor.js';
import { registerDocumentRoutes } from './documents.js';
import { registerVersionRoutes } from './documentVersions.js';
import { registerEngineRoutes } from './engine.js';
import { registerLoginRoutes } from './login.js';
import { registerNotificationRoutes } from './notifications.js';
import { registerPatientRoutes } from './patients.js';
import { registerPhotoRoutes } from './photos.js';
import { registerPracticeRoutes } from './practice.js';
import { registerRequestRoutes } from './requests.js';
import { registerSettingsRoutes } from './settings.js';
import { registerStaffRoutes } from './staff.js';

/**
 * Every group of calls, one file each. Later groups (appointments, the guideline
 * engine of 7.5) add their file here.
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  registerSettingsRoutes,
  registerLoginRoutes,
  registerPatientRoutes,
  registerRequestRoutes,
  registerAppointmentRoutes,
  registerPracticeRoutes,
  registerNotificationRoutes,
  registerControlsRoutes,
  registerEngineRoutes,
  registerStaffRoutes,
  registerDocumentRoutes,
  registerVersionRoutes,
  registerEditorRoutes,
  registerDocumentPreviewRoutes,
  registerPhotoRoutes,
];
