// Starts a throwaway PostgreSQL for tests and benchmarks: Debian's `postgresql` package
// (/usr/lib/postgresql/<version>/bin, installed by .ci/run when missing), initdb into a fresh
// temporary directory, pg_ctl on a free local port, trust authentication on 127.0.0.1 only.
// stop() shuts the server down (fast) and removes the directory. Never a mock.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The directory holding initdb/pg_ctl: $PG_BIN, else the newest /usr/lib/postgresql/<v>/bin. */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(root, versions[0], 'bin');
  }
  throw new Error('PostgreSQL is not installed: install Debian\'s "postgresql" package (apt-get install postgresql) or set PG_BIN');
}

/** True when a PostgreSQL server binary is available on this machine. */
export function postgresAvailable() {
  try {
    postgresBin();
    return true;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts PostgreSQL; resolves to its connection URL (database `postgres`, user `postgres`) and
 * stop(). Runs the server as the `postgres` OS user when this process is root (PostgreSQL
 * refuses to run as root).
 */
export async function startPostgres() {
  const bin = postgresBin();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  const dataDir = path.join(dir, 'data');
  const run = (cmd, args) => {
    const file = path.join(bin, cmd);
    const [exe, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return execFileSync(exe, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  if (asRoot) {
    const pw = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gr = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(pw), Number(gr));
  }
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${e.stderr?.toString() ?? e.message}`);
  }
  // Tests and benchmarks: durability of the OS buffer is enough, no fsync per commit (the crash
  // tests kill the node process, not PostgreSQL). Enough connections for several instances.
  writeFileSync(
    path.join(dataDir, 'postgresql.auto.conf'),
    [
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 300',
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'shared_buffers = 64MB',
      '',
    ].join('\n'),
  );
  let port = 0;
  let lastErr = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    port = await freePort();
    try {
      run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', `-p ${port}`, '-w', '-t', '30', 'start']);
      lastErr = '';
      break;
    } catch (e) {
      lastErr = e.stderr?.toString() ?? e.message;
    }
  }
  if (lastErr) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${lastErr}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    const file = path.join(bin, 'pg_ctl');
    const args = ['-D', dataDir, '-m', 'immediate', '-w', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'ignore' });
    else spawnSync(file, args, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);
  return {
    url,
    port,
    async stop() {
      process.removeListener('exit', stopSync);
      stopSync();
    },
  };
}
