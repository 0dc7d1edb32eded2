// The practice's number is shown in national format everywhere; the server
// formats it in the clinic settings, so the home page does not ship libphonenumber-js.
import { describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../../../../server/settingsStore';
import { startServer } from '../../support/helpers';

describe('clinic settings', () => {
  it("the practice's number (clinic settings) is answered in national format by the server", async () => {
    const server = await startServer();
    try {
      const { store } = server;
      await putSetting(store, 'clinic', { ...((await getSetting<Record<string, unknown>>(store, 'clinic')) ?? {}), telephone: '+441134960000' });
      const clinic = (await server.app.inject({ method: 'GET', url: '/api/v1/settings/clinic' })).json() as { telephone: string };
      expect(clinic.telephone).toBe('0113 496 0000');
    } finally {
      await server.cleanup();
    }
  });
});
