/**
 * The backup and restore commands on an embedded DATA_DIR that no server answers for (no admin socket) but that
 * another process holds — an older release without the socket, a server starting, an import: the command refuses
 * with the holder's name instead of opening the database beside it (db/dataDirLock.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, processIdentity } from '../db/dataDirLock.js';
import { useTempDirs } from '../test/tempDirs.js';
import { backupEmbedded, restoreEmbedded } from './embedded.js';

const tempDir = useTempDirs();
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** a DATA_DIR that looks like it holds a database, locked by another live process */
async function heldDataDir(): Promise<{ dir: string; pid: number }> {
  const dir = tempDir('panel-backup-lock-');
  mkdirSync(path.join(dir, 'pglite'), { recursive: true });
  writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17\n');
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(other);
  await new Promise((resolve) => other.once('spawn', resolve));
  const holder = {
    pid: other.pid!,
    identity: processIdentity(other.pid!) ?? undefined,
    host: os.hostname(),
    purpose: 'server',
    since: new Date().toISOString(),
  };
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
  return { dir, pid: other.pid! };
}

describe('backup and restore under another holder of DATA_DIR', () => {
  it('backup refuses, naming the holder, and writes no file', async () => {
    const { dir, pid } = await heldDataDir();
    const file = path.join(dir, 'out.tar.gz');
    await expect(backupEmbedded(dir, file)).rejects.toThrow(new RegExp(`PID ${pid}`));
    expect(existsSync(file)).toBe(false);
  });

  it('restore refuses, naming the holder, and leaves the database where it was', async () => {
    const { dir, pid } = await heldDataDir();
    const file = path.join(dir, 'in.tar.gz');
    writeFileSync(file, 'not read: the lock is checked first');
    await expect(restoreEmbedded(file, dir, true)).rejects.toThrow(new RegExp(`PID ${pid}`));
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
  });
});
