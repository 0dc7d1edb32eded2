import type { FastifyInstance } from 'fastify';
import type { Db } from '../db.js';
import { readSetting } from '../db.js';

/** Settings calls of spec 7.1. */
export function registerSettingsRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/v1/settings/clinic', async () => readSetting(db, 'clinic') ?? {});
}
