/**
 * One process per embedded database (issue 23 item 9): PGlite has a single user, and a second process opening
 * the same `DATA_DIR/pglite` corrupts it. The server, the first start's child, the CLIs that open PGlite
 * (trackers, imports) and the backup command take `DATA_DIR/panel.lock` first; a second one is refused with
 * a Czech message naming the holder.
 *
 * The lock is a file created exclusively (`wx`) holding the holder's PID, host, start time and — on Linux — the
 * kernel's boot id and the process's start time (`/proc/<pid>/stat` field 22), so a PID reused after a reboot
 * or by an unrelated process is not taken for the old holder. A lock whose holder is gone (kill -9, power cut)
 * is taken over at once; the takeover itself is serialised by an exclusive `panel.lock.takeover` directory so
 * two starting processes cannot both replace the same stale lock.
 *
 * Why not `proper-lockfile`: its staleness is the lock's mtime, refreshed by a timer — a server killed with -9
 * blocks its own systemd restart for the stale period, a blocked event loop "compromises" a live lock, and its
 * lock directory cannot hold the PID the message and the backup command need.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'panel.lock';
/** exit code of a start refused because another process holds DATA_DIR (deploy/systemd: RestartPreventExitStatus) */
export const DATA_DIR_LOCKED_EXIT = 3;

export interface LockHolder {
  pid: number;
  host: string;
  /** what holds it: `server`, `first start`, `trackers`, `import`, `backup` … */
  purpose: string;
  /** ISO time the lock was taken */
  since: string;
  /** Linux: `<boot id>:<start time in clock ticks>` of the holder, to tell a reused PID */
  identity?: string;
}

export interface DataDirLock {
  readonly holder: LockHolder;
  /** removes the lock (idempotent); also done on process exit */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `Databáze v ${dataDir} je už otevřená jiným procesem (${holder.purpose}, PID ${holder.pid} na ${holder.host}, ` +
        `od ${holder.since}). Vestavěnou databázi smí mít otevřenou jen jeden proces: zastavte ho, nebo pro více ` +
        `uzlů použijte PostgreSQL (DATABASE_URL) a Redis (REDIS_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** `<boot id>:<start ticks>` of a live process on Linux; null elsewhere or when it does not exist. */
export function processIdentity(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces and parentheses): state is field 3, start time 22
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return `${boot}:${fields[19]}`;
  } catch {
    return null;
  }
}

function alive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true; // another machine's process (a shared disk): we cannot tell
  if (holder.identity) {
    const now = processIdentity(holder.pid);
    if (now !== null || processIdentity(process.pid) !== null) return now === holder.identity;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      purpose: String(parsed.purpose ?? '?'),
      since: String(parsed.since ?? '?'),
      identity: parsed.identity,
    };
  } catch {
    return null;
  }
}

/**
 * Who holds the lock of `dataDir` now: a live holder, or null (no lock, or a stale one of a dead process).
 * The backup command asks this to know whether a server runs on the directory.
 */
export function dataDirHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder && alive(holder) ? holder : null;
}

function writeExclusive(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

const held = new Map<string, { lock: DataDirLock; count: number }>();

export interface AcquireOptions {
  /** written into the lock for the refusal message: `server`, `trackers` … */
  purpose: string;
  /**
   * A PID whose lock counts as ours: the first start's child runs for the server that spawned it
   * (`process.ppid`), which holds the lock while the child prepares the database.
   */
  sharedWith?: number;
}

/**
 * Takes the lock of `dataDir` (created if missing) or throws `DataDirLockedError`. Re-entrant within a process;
 * a stale lock (its holder is gone) is taken over. Released by `release()` or when the process exits.
 */
export function acquireDataDirLock(dataDir: string, opts: AcquireOptions): DataDirLock {
  const dir = path.resolve(dataDir);
  const mine = held.get(dir);
  if (mine) {
    mine.count += 1;
    return mine.lock;
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    purpose: opts.purpose,
    since: new Date().toISOString(),
    identity: processIdentity(process.pid) ?? undefined,
  };
  for (let attempt = 0; ; attempt += 1) {
    if (writeExclusive(file, holder)) break;
    const current = readHolder(file);
    if (current && current.pid === opts.sharedWith && alive(current)) {
      return { holder: current, release: () => undefined }; // the parent's lock: it releases it
    }
    if (current && alive(current)) throw new DataDirLockedError(dir, current);
    if (attempt >= 50) throw new Error(`zámek ${file} se nepodařilo převzít`);
    // an unreadable lock younger than 2 s may be one being written right now: look again shortly
    if (current === null && ageMs(file) < 2000) sleepMs(50);
    else takeOverStale(file, current);
  }
  let released = false;
  const release = () => {
    if (released) return;
    const entry = held.get(dir);
    if (entry && --entry.count > 0) return;
    released = true;
    held.delete(dir);
    process.removeListener('exit', release);
    // only our own lock: never one a later process took over after we were presumed dead
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  const lock: DataDirLock = { holder, release };
  held.set(dir, { lock, count: 1 });
  process.once('exit', release);
  return lock;
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** A short synchronous pause: the lock is taken before anything else runs, there is nothing to yield to. */
function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a stale lock, one process at a time: the takeover directory is created exclusively; the loser
 * simply tries again (and finds the winner's live lock). A takeover directory left by a process that died
 * in the middle (older than 10 s) is removed.
 */
function takeOverStale(file: string, seen: LockHolder | null): void {
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) rmdirSync(guard);
    } catch {
      // gone meanwhile
    }
    sleepMs(50); // let the other taker finish
    return;
  }
  try {
    // still the same stale lock (not a live one written since we read it)?
    const now = readHolder(file);
    const same = now === null ? seen === null : seen !== null && now.pid === seen.pid && now.since === seen.since;
    if (same && !(now && alive(now))) {
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  } finally {
    rmdirSync(guard);
  }
}

/**
 * The lock of the configured embedded database, or null for PostgreSQL (its own server arbitrates) and for an
 * in-memory PGlite. Throws `DataDirLockedError` while another process holds it.
 */
export function lockEmbedded(
  config: { databaseUrl?: string; dataDir: string },
  purpose: string,
  sharedWith?: number,
): DataDirLock | null {
  if (config.databaseUrl || config.dataDir === ':memory:') return null;
  return acquireDataDirLock(config.dataDir, { purpose, sharedWith });
}
