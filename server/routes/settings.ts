import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { getSetting } from '../settingsStore.js';
import { HttpError } from '../errors.js';
import { nationalPhone } from '../../common/index.js';

/**
 * The practice's number as last formatted: libphonenumber-js's parse was most of the cost of
 * GET /api/v1/settings/clinic under load (a CPU profile under autocannon, docs/benchmarks.md), and
 * the number changes only when the practice edits it, so it is parsed again only then.
 */
let lastTelephone: { raw: string; national: string } | undefined;
function nationalTelephone(raw: string): string {
  if (lastTelephone?.raw !== raw) lastTelephone = { raw, national: nationalPhone(raw) };
  return lastTelephone.national;
}

function withNationalTelephone(clinic: unknown): unknown {
  if (clinic === null || typeof clinic !== 'object' || Array.isArray(clinic)) return clinic;
  const telephone = (clinic as { telephone?: unknown }).telephone;
  return typeof telephone === 'string' ? { ...clinic, telephone: nationalTelephone(telephone) } : clinic;
}

function queryList(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** Settings calls (schemas/api/README.md, "Settings"). */
export function registerSettingsRoutes(app: FastifyInstance, { store }: ServerContext): void {
  const simple: Array<[string, string]> = [
    ['/api/v1/settings/clinic', 'clinic'],
    ['/api/v1/settings/patient-app', 'patient-app'],
    ['/api/v1/settings/operational-state', 'operational-state'],
    ['/api/v1/settings/admin-forms', 'admin-forms'],
    ['/api/v1/settings/notification-config', 'notification-config'],
    ['/api/v1/settings/shared', 'shared'],
    ['/api/v1/triage/practice-notice/published-enabled', 'practice-notices'],
    ['/api/v1/settings/urgency-by-referral-id', 'urgency-by-referral-id'],
  ];
  for (const [url, key] of simple) {
    app.get(url, async () => {
      const value = await getSetting(store, key);
      if (value === undefined) throw new Error(`setting ${key} missing`);
      // The practice's number is shown in national format everywhere it appears (rules 5.1).
      if (key === 'clinic') return withNationalTelephone(value);
      return value;
    });
  }

  app.get('/api/v1/settings/ai-led', async (request) => {
    const { guidelineId } = request.query as { guidelineId?: string; referralId?: string };
    if (typeof guidelineId !== 'string' || guidelineId === '') {
      throw new HttpError(400, 'querystring/guidelineId is required', { details: [{ path: '/guidelineId', message: 'is required' }] });
    }
    const { guidelineIds } = (await getSetting<{ guidelineIds: string[] }>(store, 'ai-led')) ?? { guidelineIds: [] };
    return { aiLed: guidelineIds.includes(guidelineId) };
  });

  app.get('/api/v1/settings/ai-led-pathways', async (request) => {
    const ids = queryList((request.query as { guidelineIds?: unknown }).guidelineIds);
    const { guidelineIds } = (await getSetting<{ guidelineIds: string[] }>(store, 'ai-led')) ?? { guidelineIds: [] };
    return Object.fromEntries(ids.map((id) => [id, guidelineIds.includes(id)]));
  });
}
