/**
 * The embedded database (PGlite in `DATA_DIR/pglite`): backup through the running server (adminSocket.ts) or,
 * when none runs, by opening the directory here; restore into a fresh directory.
 *
 * Restore never writes into the live `DATA_DIR/pglite`: the tarball is loaded into `pglite.restoring-<pid>` beside
 * it, opened and checked there (a Panel database: it has the migrations table and settings), closed, and only
 * then renamed into place. A foreign or damaged file fails before anything is moved. `--force` with a database
 * already there moves it aside to `pglite.before-restore-<stamp>` — never deletes it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { embeddedNeedsInit } from '../db/client.js';
import { createEmbedded } from '../db/embedded.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/dataDirLock.js';
import { askServer, dumpEmbedded } from './adminSocket.js';
import { BackupError, stamp } from './files.js';

/** A backup of the whole embedded database may take minutes on a large one. */
const SERVER_BACKUP_TIMEOUT_MS = 30 * 60_000;

export interface EmbeddedBackupResult {
  bytes: number;
  ms: number;
  /** who made it: the running server, or this command on a stopped data directory */
  by: 'server' | 'command';
}

export async function backupEmbedded(dataDir: string, file: string): Promise<EmbeddedBackupResult> {
  const reply = await askServer(dataDir, { op: 'backup', file }, SERVER_BACKUP_TIMEOUT_MS);
  if (reply && !reply.ok) throw new BackupError(reply.message);
  if (reply?.ok) return { bytes: reply.bytes ?? 0, ms: reply.ms ?? 0, by: 'server' };
  // no server answers on this directory: open it here, under the DATA_DIR lock (db/dataDirLock.ts), so neither a
  // server without the admin socket (an older release) nor a starting one opens it meanwhile
  if (embeddedNeedsInit(dataDir)) throw new BackupError(`V ${path.resolve(dataDir)} není žádná databáze.`);
  const lock = lockForCommand(dataDir, 'backup');
  const client = await createEmbedded(path.join(dataDir, 'pglite'));
  try {
    return { ...(await dumpEmbedded(client, file)), by: 'command' };
  } finally {
    await client.close();
    lock.release();
  }
}

export interface EmbeddedRestoreResult {
  ms: number;
  /** where a database that was there before went (with --force) */
  movedAside: string | null;
}

export async function restoreEmbedded(file: string, dataDir: string, force: boolean): Promise<EmbeddedRestoreResult> {
  const started = performance.now();
  if (await askServer(dataDir, { op: 'ping' }, 3000).catch(() => true)) {
    throw new BackupError(`Na ${path.resolve(dataDir)} běží server: zastavte ho před obnovou.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const lock = lockForCommand(dataDir, 'restore'); // no server may start on it while it is swapped
  try {
    return await restoreLocked(file, dataDir, force, started);
  } finally {
    lock.release();
  }
}

/** The DATA_DIR lock for a command, its refusal as the command's own error (a Czech message naming the holder). */
function lockForCommand(dataDir: string, purpose: string) {
  try {
    return acquireDataDirLock(dataDir, { purpose });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(error.message);
    throw error;
  }
}

async function restoreLocked(
  file: string,
  dataDir: string,
  force: boolean,
  started: number,
): Promise<EmbeddedRestoreResult> {
  const live = path.join(dataDir, 'pglite');
  const occupied = !embeddedNeedsInit(dataDir);
  if (occupied && !force) {
    throw new BackupError(
      `V ${path.resolve(dataDir)} už databáze je. Obnovte do prázdného DATA_DIR, nebo přidejte --force ` +
        '(stávající databáze se odsune stranou, nesmaže se).',
    );
  }
  const staging = path.join(dataDir, `pglite.restoring-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    await loadAndCheck(file, staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let movedAside: string | null = null;
  if (existsSync(live)) {
    movedAside = path.join(dataDir, `pglite.before-restore-${stamp()}`);
    renameSync(live, movedAside);
  }
  renameSync(staging, live);
  return { ms: Math.round(performance.now() - started), movedAside };
}

/** Loads the tarball into `dir` and proves it is a Panel database; throws a BackupError otherwise. */
async function loadAndCheck(file: string, dir: string): Promise<void> {
  const data = readFileSync(file);
  let client;
  try {
    client = await createEmbedded(dir, new Blob([data]));
  } catch (error) {
    throw new BackupError(`Soubor ${file} není čitelná záloha vestavěné databáze (${(error as Error).message}).`);
  }
  try {
    const rows = await client.query<{ migrations: number; settings: number }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
              (select count(*)::int from settings) as settings`,
    );
    if (!rows.rows[0] || rows.rows[0].migrations === 0) throw new Error('no migrations');
  } catch {
    throw new BackupError(`Soubor ${file} neobsahuje databázi Panelu.`);
  } finally {
    await client.close().catch(() => undefined);
  }
}
