// Two holes of the engine's edges: safety answers written into a $start body before any question,
// and the practice's own bearer token forwarded by the engine proxy to a practice's external engine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BROWSER, ENGINE } from '../../support/walker';
import { issueEngineKey } from '../../../../server/engineKeys';
import { STAFF_AUTH, startServer, type TestServer } from '../../support/helpers';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.cleanup();
});

describe('$start', () => {
  it("refuses the safety check's answers and override reason in its custom data (400 naming the entry)", async () => {
    const server = await startServer();
    servers.push(server);
    const start = (customData: unknown[]) =>
      server.app.inject({
        method: 'POST',
        url: `${ENGINE}/Guideline/Triage.SoreThroat/$start`,
        headers: BROWSER,
        payload: { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' }, customData },
      });
    const forged = await start([
      { key: 'channel', type: 'STRING', value: 'PAGE' },
      { key: 'emergencyQuestion.drinksFluids', type: 'BOOLEAN', value: true },
      { key: 'anEOverrideReason', type: 'STRING', value: 'by_end_tomorrow' },
    ]);
    expect(forged.statusCode).toBe(400);
    expect((forged.json() as { details: Array<{ path: string }> }).details.map((d) => d.path)).toEqual(['/customData/1/key', '/customData/2/key']);
    expect((await start([{ key: 'channel', type: 'STRING', value: 'PAGE' }])).statusCode).toBe(201);
  });
});

describe('the engine key', () => {
  it('a key the browser chose is never adopted: $start issues its own, and the chosen key reads nothing', async () => {
    const server = await startServer();
    servers.push(server);
    const chosen = { cookie: `gp_engine_key=${'ab'.repeat(32)}` };
    const started = await server.app.inject({
      method: 'POST',
      url: `${ENGINE}/Guideline/Triage.SoreThroat/$start`,
      headers: chosen,
      payload: { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } },
    });
    expect(started.statusCode).toBe(201);
    const issued = /^gp_engine_key=([0-9a-f]{64});/.exec(String(started.headers['set-cookie']))?.[1];
    expect(issued).toBeDefined();
    expect(issued).not.toBe('ab'.repeat(32));
    const id = (started.json() as { identifier: string }).identifier;
    const read = (headers: Record<string, string>) => server.app.inject({ url: `${ENGINE}/GuidelineExecution/${id}`, headers });
    expect((await read(chosen)).statusCode).toBe(404);
    expect((await read({ cookie: `gp_engine_key=${issued!}` })).statusCode).toBe(200);
    // The issued key is kept by the next $start (no new cookie).
    const again = await server.app.inject({
      method: 'POST',
      url: `${ENGINE}/Guideline/Triage.SoreThroat/$start`,
      headers: { cookie: `gp_engine_key=${issued!}` },
      payload: { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it("another practice's key (issued under another secret) is not adopted either", async () => {
    const server = await startServer();
    servers.push(server);
    const foreign = issueEngineKey('another practice secret, 32 chars long at least');
    const started = await server.app.inject({
      method: 'POST',
      url: `${ENGINE}/Guideline/Triage.SoreThroat/$start`,
      headers: { cookie: `gp_engine_key=${foreign}` },
      payload: { patient: { dateOfBirth: '1985-04-12', sexAtBirth: 'female' } },
    });
    expect(started.statusCode).toBe(201);
    expect(String(started.headers['set-cookie'])).toMatch(/^gp_engine_key=[0-9a-f]{64};/);
    expect(String(started.headers['set-cookie'])).not.toContain(foreign);
  });
});

describe('the engine proxy to a practice engine (ENGINE_URL)', () => {
  it("never forwards the practice's own Authorization header", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const engine = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    try {
      const server = await startServer({ engineUrl: `http://127.0.0.1:${(engine.address() as AddressInfo).port}` });
      servers.push(server);
      const answer = await server.app.inject({ method: 'GET', url: '/api/v1/engine-proxy?path=/Guideline', headers: { ...STAFF_AUTH, ...BROWSER } });
      expect(answer.statusCode).toBe(200);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.authorization).toBeUndefined();
      // The engine key still goes, as the only cookie.
      expect(seen[0]!.cookie).toBe(BROWSER.cookie);
    } finally {
      engine.close();
    }
  });
});
