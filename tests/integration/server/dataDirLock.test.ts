// One server process per SQLite data folder: a second `npm start` on the same DATA_DIR refuses to
// start and says why; a folder left by a process that died is taken over.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_FILE } from '../../../server/dataDirLock';
import { repoRoot, startServer } from '../support/helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gp-one-instance-'));
let first: ChildProcess | undefined;
afterAll(() => {
  first?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', PRACTICE_STAFF_PASSWORD: 'one-instance-test-password', DATABASE_URL: '' };

describe('one process per SQLite data folder', () => {
  it('a second server process on the same DATA_DIR exits 1 naming the first; after the first dies, a new one starts', async () => {
    first = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`the first server did not start: ${out}`)), 90_000);
      first!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('is running at')) {
          clearTimeout(timer);
          resolve();
        }
      });
      first!.on('exit', (code) => reject(new Error(`the first server exited ${code}: ${out}`)));
    });
    const second = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Another server (process ${first.pid}) is using the data folder ${dataDir}`);
    expect(second.stdout).not.toContain('is running at');

    // kill -9 leaves the file behind; the next server takes the folder over.
    first.kill('SIGKILL');
    await new Promise((resolve) => first!.once('exit', resolve));
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const next = await startServer({ dataDir });
    await next.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 200_000);

  it('buildServer refuses a folder a live process holds', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gp-one-instance-'));
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, LOCK_FILE), String(holder.pid));
      await expect(startServer({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUse);
    } finally {
      holder.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
