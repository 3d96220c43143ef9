/**
 * One process per embedded database (issue 23 item 9), db/dataDirLock.ts: the lock holds the PID and the
 * process identity, a live holder refuses, a dead one's lock (or a reused PID's) is taken over, the first
 * start's child shares its server's lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCK_FILE,
  DataDirLockedError,
  acquireDataDirLock,
  dataDirHolder,
  lockEmbedded,
  processIdentity,
  type LockHolder,
} from './dataDirLock.js';
import { useTempDirs } from '../test/tempDirs.js';

const tempDir = useTempDirs();
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** a live process that is not us (a sleeping node) */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

function writeLock(dir: string, holder: Partial<LockHolder>): void {
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: os.hostname(), purpose: 'server', since: new Date().toISOString(), ...holder }),
  );
}

describe('DATA_DIR lock', () => {
  it('holds our PID, is re-entrant, tells the holder, and is gone after the last release', () => {
    const dir = tempDir('panel-lock-');
    const lock = acquireDataDirLock(dir, { purpose: 'server' });
    const again = acquireDataDirLock(dir, { purpose: 'server' });
    const onDisk = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;
    expect(onDisk).toMatchObject({ pid: process.pid, host: os.hostname(), purpose: 'server' });
    expect(dataDirHolder(dir)?.pid).toBe(process.pid);
    again.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true); // still held once
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(dataDirHolder(dir)).toBeNull();
  });

  it('refuses while another live process holds it, with a Czech message naming it', async () => {
    const dir = tempDir('panel-lock-');
    const other = sleeper();
    await new Promise((resolve) => other.once('spawn', resolve));
    writeLock(dir, { pid: other.pid!, identity: processIdentity(other.pid!) ?? undefined });
    expect(dataDirHolder(dir)?.pid).toBe(other.pid);
    let error: unknown;
    try {
      acquireDataDirLock(dir, { purpose: 'trackers' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`PID ${other.pid}`);
    expect((error as Error).message).toMatch(/je už otevřená jiným procesem.*PostgreSQL \(DATABASE_URL\)/);
    // the first start's child of that process shares its lock instead
    const shared = acquireDataDirLock(dir, { purpose: 'first start', sharedWith: other.pid });
    expect(shared.holder.pid).toBe(other.pid);
    shared.release();
    expect(dataDirHolder(dir)?.pid).toBe(other.pid); // the child's release leaves the parent's lock
  });

  it('takes over the lock of a dead process', async () => {
    const dir = tempDir('panel-lock-');
    const gone = sleeper();
    await new Promise((resolve) => gone.once('spawn', resolve));
    const pid = gone.pid!;
    writeLock(dir, { pid, identity: processIdentity(pid) ?? undefined });
    gone.kill('SIGKILL');
    await new Promise((resolve) => gone.once('exit', resolve));
    expect(dataDirHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir, { purpose: 'server' });
    expect(dataDirHolder(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(processIdentity(process.pid) !== null)('does not take a reused PID for the old holder', async () => {
    const dir = tempDir('panel-lock-');
    const live = sleeper(); // alive, but not the process that wrote the lock (another start time)
    await new Promise((resolve) => live.once('spawn', resolve));
    writeLock(dir, { pid: live.pid!, identity: 'another-boot:12345' });
    expect(dataDirHolder(dir)).toBeNull();
    acquireDataDirLock(dir, { purpose: 'server' }).release();
  });

  it('takes over an unreadable lock once it is older than a write takes', () => {
    const dir = tempDir('panel-lock-');
    writeFileSync(path.join(dir, LOCK_FILE), '');
    const started = Date.now();
    const lock = acquireDataDirLock(dir, { purpose: 'server' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500); // waited: it might have been written right then
    lock.release();
  });

  it('is not taken for PostgreSQL or an in-memory database', () => {
    expect(lockEmbedded({ databaseUrl: 'postgres://x@127.0.0.1/db', dataDir: './data' }, 'server')).toBeNull();
    expect(lockEmbedded({ dataDir: ':memory:' }, 'server')).toBeNull();
  });
});
