/**
 * `npm run backup` and `npm run restore` (cli/backup.ts, cli/restore.ts): the arguments, the choice of database
 * from the server's own environment (DATABASE_URL, else the PGlite in DATA_DIR), the Czech lines printed.
 * Every failure the operator can act on is a BackupError (message printed, exit 1).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { backupEmbedded, restoreEmbedded } from './embedded.js';
import { BackupError, backupPath, defaultBackupDir, kindOfFile } from './files.js';
import { backupPostgres, restorePostgres, targetOf } from './postgres.js';

export interface Env {
  dataDir: string;
  databaseUrl?: string;
  /** where the user stood (npm's INIT_CWD): relative paths are meant from there */
  cwd: string;
}

export const BACKUP_USAGE = 'Použití: npm run backup -- [--out <složka>]';
export const RESTORE_USAGE = 'Použití: npm run restore -- [--force] <soubor zálohy>';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function parseBackupArgs(args: string[]): { out?: string } {
  const result: { out?: string } = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out' && args[i + 1]) result.out = args[++i];
    else if (args[i].startsWith('--out=')) result.out = args[i].slice('--out='.length);
    else throw new BackupError(`Neznámý argument ${args[i]}. ${BACKUP_USAGE}`);
  }
  return result;
}

export function parseRestoreArgs(args: string[]): { file: string; force: boolean } {
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (unknown.length > 0 || files.length !== 1) throw new BackupError(RESTORE_USAGE);
  return { file: files[0], force: args.includes('--force') };
}

/** Makes one backup; answers the lines to print. */
export async function backup(env: Env, args: string[]): Promise<string[]> {
  const { out } = parseBackupArgs(args);
  const dir = out ? path.resolve(env.cwd, out) : defaultBackupDir(env);
  if (!env.databaseUrl && env.dataDir === ':memory:') throw new BackupError('DATA_DIR=:memory: nemá co zálohovat.');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new BackupError(`Složku ${dir} nelze vytvořit (${(error as NodeJS.ErrnoException).code}).`);
  }
  if (env.databaseUrl) {
    const file = backupPath(dir, 'postgres');
    const done = await backupPostgres(env.databaseUrl, file);
    return [
      `Záloha PostgreSQL ${targetOf(env.databaseUrl).url} hotova: ${file}`,
      `  ${mb(done.bytes)} za ${seconds(done.ms)} (pg_dump, formát custom)`,
    ];
  }
  const file = backupPath(dir, 'pglite');
  const done = await backupEmbedded(env.dataDir, file);
  return [
    `Záloha vestavěné databáze ${path.resolve(env.dataDir)} hotova: ${file}`,
    `  ${mb(done.bytes)} za ${seconds(done.ms)} (${done.by === 'server' ? 'vytvořil ji běžící server' : 'server neběží, vytvořil ji tento příkaz'})`,
  ];
}

/** Restores one backup into the database the environment names; answers the lines to print. */
export async function restore(env: Env, args: string[]): Promise<string[]> {
  const opts = parseRestoreArgs(args);
  const file = path.resolve(env.cwd, opts.file);
  const kind = kindOfFile(file);
  if (kind === null) {
    throw new BackupError(`Soubor ${file} není záloha Panelu (ani PGlite, ani pg_dump). Nic se nezměnilo.`);
  }
  if (kind === 'postgres' && !env.databaseUrl) {
    throw new BackupError(
      'Záloha je z PostgreSQL: nastavte DATABASE_URL na prázdnou databázi, do které se má obnovit.',
    );
  }
  if (kind === 'pglite' && env.databaseUrl) {
    throw new BackupError('Záloha je z vestavěné databáze (PGlite): obnovuje se do DATA_DIR, bez DATABASE_URL.');
  }
  if (kind === 'postgres') {
    const done = await restorePostgres({
      file,
      databaseUrl: env.databaseUrl!,
      force: opts.force,
      asideFile: () => {
        const dir = defaultBackupDir(env);
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        return backupPath(dir, 'postgres').replace(/panel-/, 'panel-before-restore-');
      },
    });
    return [
      `Obnoveno do PostgreSQL ${targetOf(env.databaseUrl!).url} za ${seconds(done.ms)} z ${file}.`,
      ...(done.movedAside ? [`  Předchozí obsah databáze je zazálohován v ${done.movedAside}.`] : []),
      'Spusťte server (npm start) s tímto DATABASE_URL.',
    ];
  }
  if (env.dataDir === ':memory:') {
    throw new BackupError('DATA_DIR=:memory: nelze obnovit: nastavte DATA_DIR na složku.');
  }
  const done = await restoreEmbedded(file, env.dataDir, opts.force);
  return [
    `Obnoveno do ${path.resolve(env.dataDir)} za ${seconds(done.ms)} z ${file}.`,
    ...(done.movedAside ? [`  Předchozí databáze odsunuta do ${done.movedAside} (nesmazána).`] : []),
    'Spusťte server (npm start) s tímto DATA_DIR.',
  ];
}
