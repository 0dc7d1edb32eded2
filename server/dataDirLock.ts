// One server process per SQLite data folder. The embedded store counts rate limits in its
// process's memory and serialises transactions with an in-process mutex: a second process on the
// same folder would count every limit afresh and write the same file behind the first one's back.
// (Several instances share a PostgreSQL database instead: DATABASE_URL.)
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.pid';

export class DataDirInUse extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process (a file with its pid), or throws DataDirInUse when another
 * live process holds it. A file left by a process that died (kill -9, a crash) is taken over.
 * The same process may open the folder again (a restart in tests). Answers the release.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = String(process.pid);
  mkdirSync(dataDir, { recursive: true });
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, mine);
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new DataDirInUse(
        `Another server (process ${holder}) is using the data folder ${dataDir}. One process per SQLite data folder: each would count its own limits and write the same file. Stop the other one, give this one another DATA_DIR, or run several instances on PostgreSQL (DATABASE_URL). If no server is running, delete ${file}.`,
      );
    }
    writeFileSync(file, mine);
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file);
    } catch {
      // already gone (the folder was removed)
    }
  };
}
