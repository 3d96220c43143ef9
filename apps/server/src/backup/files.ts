/**
 * Backup files: their names, the default folder, what kind a file is (by its first bytes, not its name — a
 * renamed or foreign file is recognised as such), and the atomic write both kinds end with.
 */
import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A failure the operator can act on: printed as it is (Czech), exit code 1, no stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupKind = 'pglite' | 'postgres';

/** PGlite's `dumpDataDir('gzip')` is a gzipped tar; pg_dump's custom format starts with "PGDMP". */
export const EXTENSIONS: Record<BackupKind, string> = { pglite: 'tar.gz', postgres: 'dump' };

/** `YYYYMMDD-HHMMSS` in UTC: names sort in time order across daylight-saving changes. */
export function stamp(at = new Date()): string {
  const iso = at.toISOString(); // 2026-11-24T10:15:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** `dir/panel-YYYYMMDD-HHMMSS.<ext>`; a second backup in the same second gets `-2`, `-3` … (never overwrites). */
export function backupPath(dir: string, kind: BackupKind, at = new Date()): string {
  const base = `panel-${stamp(at)}`;
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.${EXTENSIONS[kind]}`);
    if (!existsSync(file)) return file;
  }
}

/** The default folder: `DATA_DIR/backups` for the embedded database, `./backups` (from where the user stood) otherwise. */
export function defaultBackupDir(opts: { databaseUrl?: string; dataDir: string; cwd: string }): string {
  if (opts.databaseUrl || opts.dataDir === ':memory:') return path.resolve(opts.cwd, 'backups');
  return path.resolve(opts.cwd, opts.dataDir, 'backups');
}

/** What a file holds, by its first bytes; null: neither kind (foreign, empty, truncated to nothing). */
export function kindOfFile(file: string): BackupKind | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT' ? `Soubor zálohy ${file} neexistuje.` : `Soubor zálohy ${file} nelze číst (${code}).`,
    );
  }
  try {
    const head = Buffer.alloc(5);
    const n = readSync(fd, head, 0, 5, 0);
    if (n >= 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Moves a finished temporary file to its final name, flushed to disk first: a crash or a full disk leaves either
 * the whole backup under its name or none (never a truncated one).
 */
export function commitFile(tmp: string, file: string): void {
  const fd = openSync(tmp, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** Writes `data` to `file` through a temporary name in the same folder (`commitFile`); mode 0600. */
export function writeFileAtomically(file: string, data: Uint8Array): void {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data, { flag: 'wx', mode: 0o600 });
    commitFile(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
