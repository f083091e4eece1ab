/**
 * PGlite lets two processes open one data directory and that corrupts it, so the embedded database
 * takes an exclusive lock file first. A lock left by a process that no longer runs (killed, crashed)
 * is taken over; a lock held by a live process makes the second one refuse to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Directories this process holds: a lock file naming our own pid is only ours if listed here. */
const heldByThisProcess = new Set<string>();

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), 'server.lock');
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      heldByThisProcess.add(file);
      return {
        release() {
          if (!heldByThisProcess.delete(file)) return;
          if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      // Our own pid in the file is a previous incarnation (containers reuse pids) unless we hold it.
      const ownPid = holder?.pid === process.pid;
      if (
        holder &&
        (ownPid ? heldByThisProcess.has(file) : holder.hostname === os.hostname() && isAlive(holder.pid))
      ) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${holder.pid} (since ${holder.startedAt}). ` +
            'Stop that process first; two processes on one embedded database would corrupt it.',
        );
      }
      // Stale lock from a process that is gone: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
