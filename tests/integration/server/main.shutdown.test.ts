// Graceful shutdown of the real server process (server/main.ts, what `npm start` runs): SIGTERM
// while a request is in flight. The request is held open deterministically: the client sends its
// headers with `Expect: 100-continue`, waits for the server's "100 Continue" (the server now has
// the request), and sends the body only when the test says so.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, otherEnquiry, repoRoot, STAFF_AUTH, startServer, type Json } from '../support/helpers';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Child {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
}

/** server/main.ts as a child process on a free port (PORT=0); resolves once it listens. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-shutdown-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /is running at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exit.then((code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
  return { child, port, dataDir, output: () => out, exit };
}

interface Answer {
  status: number;
  body: string;
}

/**
 * A POST whose body is sent only when `release()` is called. `accepted` resolves once the server
 * has taken the request (its "100 Continue"); `answer` with the response, or rejects when the
 * connection is cut.
 */
function heldPost(port: number, urlPath: string, body: unknown): { accepted: Promise<void>; release(): void; answer: Promise<Answer> } {
  const payload = Buffer.from(JSON.stringify(body));
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: urlPath,
    headers: { 'content-type': 'application/json', 'content-length': String(payload.length), expect: '100-continue', connection: 'close' },
  });
  const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const answer = new Promise<Answer>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.once('error', reject);
  });
  req.flushHeaders();
  return { accepted, release: () => req.end(payload), answer };
}

/** GET over a new connection: the status, or the connection error's code (ECONNREFUSED once the server stopped accepting). */
async function probe(port: number, urlPath: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Probes until `done` says yes (each probe waits on the server; no sleeps); answers the last result. */
async function probeUntil(port: number, urlPath: string, done: (result: number | string) => boolean): Promise<number | string> {
  for (;;) {
    const result = await probe(port, urlPath);
    if (done(result)) return result;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The requests the practice has on the data folder, read back with staff credentials by a server of its own. */
async function storedRequests(dataDir: string): Promise<Json[]> {
  const reader = await startServer({ dataDir, notifications: { autoStart: false } });
  try {
    return (await reader.app.inject({ method: 'GET', url: '/api/v1/practice/requests?limit=100', headers: STAFF_AUTH })).json() as Json[];
  } finally {
    await reader.close();
  }
}

// Each test starts a real process (tsx compiles the server): allow for a busy machine.
describe('SIGTERM', { timeout: 90_000 }, () => {
  it('stops accepting, lets the request in flight finish (stored, 2xx), then exits 0', async () => {
    const server = await startChild({ SHUTDOWN_DELAY_MS: '0', SHUTDOWN_GRACE_MS: '60000' });
    const held = heldPost(server.port, ADMIN_URL, otherEnquiry());
    await held.accepted;
    server.child.kill('SIGTERM');
    // New connections are refused (a probe in between may get Fastify's 503 while it closes): the
    // server is shutting down while our request is still open.
    await probeUntil(server.port, '/healthz', (r) => r === 'ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();
    held.release();
    const answer = await held.answer;
    expect(answer.status).toBe(201);
    const { id } = JSON.parse(answer.body) as { id: string };
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('Stopped: every request in flight was answered.');
    // Acknowledged = stored.
    expect((await storedRequests(server.dataDir)).map((r) => r.id)).toContain(id);
  });

  it('turns /readyz 503 for SHUTDOWN_DELAY_MS while still serving, then drains', async () => {
    const server = await startChild({ SHUTDOWN_DELAY_MS: '600000', SHUTDOWN_GRACE_MS: '60000' });
    expect(await probe(server.port, '/readyz')).toBe(200);
    server.child.kill('SIGTERM');
    expect(await probeUntil(server.port, '/readyz', (r) => r !== 200)).toBe(503);
    // Still alive and serving: the load balancer sends no new traffic, what still arrives is answered.
    expect(await probe(server.port, '/healthz')).toBe(200);
    expect(await probe(server.port, '/api/v1/settings/clinic')).toBe(200);
    const res = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      reason: 'draining',
      message: 'This instance is shutting down: send new requests to another instance.',
    });
    const held = heldPost(server.port, ADMIN_URL, otherEnquiry());
    await held.accepted;
    // A second signal skips the rest of the delay; the request in flight still finishes.
    server.child.kill('SIGTERM');
    await probeUntil(server.port, '/healthz', (r) => r === 'ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();
    held.release();
    expect((await held.answer).status).toBe(201);
    expect(await server.exit).toBe(0);
  });

  it('waits at most SHUTDOWN_GRACE_MS for a request that never finishes, then exits 0', async () => {
    const server = await startChild({ SHUTDOWN_DELAY_MS: '0', SHUTDOWN_GRACE_MS: '300' });
    const held = heldPost(server.port, ADMIN_URL, otherEnquiry());
    await held.accepted;
    server.child.kill('SIGTERM');
    // The body never comes: the connection is cut after the grace period and the process still exits cleanly.
    await expect(held.answer).rejects.toThrow();
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('requests still in flight after SHUTDOWN_GRACE_MS (300 ms)');
    // Nothing half-stored.
    expect(await storedRequests(server.dataDir)).toEqual([]);
  });
});
