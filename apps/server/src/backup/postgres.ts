/**
 * PostgreSQL: `pg_dump --format=custom` of the whole database (one snapshot transaction: consistent while the
 * nodes write), restored with `pg_restore` in a single transaction (a failure leaves the target as it was).
 *
 * The password never reaches a command line (`ps` shows those to every user): the tools get the URL without it
 * and `PGPASSWORD` in their environment. Anything they print is passed through `mask` before we show it.
 */
import { spawn } from 'node:child_process';
import { chmodSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BackupError, commitFile } from './files.js';

export interface Target {
  /** the URL without its password, safe to show and to put on a command line */
  url: string;
  /** what the tools need in their environment */
  env: Record<string, string>;
  /** replaces the password wherever it appears */
  mask(text: string): string;
  database: string;
}

export function targetOf(databaseUrl: string): Target {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return {
    url: u.toString(),
    env,
    mask: (text) => (password ? text.split(password).join('***') : text),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || u.username,
  };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(tool: string, args: string[], target: Target): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...target.env, PGCONNECT_TIMEOUT: '10' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new BackupError(
            `Program ${tool} nenalezen. Nainstalujte klienta PostgreSQL (Debian: apt-get install postgresql-client) ` +
              've verzi stejné nebo vyšší než server databáze.',
          ),
        );
      } else reject(new BackupError(`${tool} nelze spustit (${error.code ?? error.message}).`));
    });
    child.on('close', (code) =>
      resolve({
        code: code ?? 1,
        stdout: target.mask(Buffer.concat(out).toString()),
        stderr: target.mask(Buffer.concat(err).toString()),
      }),
    );
  });
}

/** 15 from "pg_dump (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)" */
export function majorOf(versionLine: string): number | null {
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return m ? Number(m[1]) : null;
}

async function withClient<T>(databaseUrl: string, target: Target, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Databáze ${target.url} nedostupná: ${target.mask((error as Error).message)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg_dump/pg_restore must be at least the server's major version (an older one refuses a newer server). */
async function checkTool(tool: string, databaseUrl: string, target: Target): Promise<void> {
  const version = await run(tool, ['--version'], target);
  const toolMajor = majorOf(version.stdout);
  const serverMajor = await withClient(databaseUrl, target, async (c) =>
    Math.floor(Number((await c.query<{ v: string }>('show server_version_num')).rows[0].v) / 10000),
  );
  if (toolMajor !== null && toolMajor < serverMajor) {
    throw new BackupError(
      `${tool} je verze ${toolMajor}, server databáze ${serverMajor}: nainstalujte postgresql-client ${serverMajor} nebo novější.`,
    );
  }
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number; ms: number }> {
  const target = targetOf(databaseUrl);
  await checkTool('pg_dump', databaseUrl, target);
  const started = performance.now();
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    const res = await run(
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${tmp}`, `--dbname=${target.url}`],
      target,
    );
    if (res.code !== 0) throw new BackupError(`pg_dump selhal: ${res.stderr.trim()}`);
    chmodSync(tmp, 0o600); // it holds password hashes and tracker secrets' hashes
    commitFile(tmp, file); // whole now: flushed and renamed into place
    return { bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** The table of contents of a custom-format dump (`pg_restore --list`), or a BackupError for a damaged file. */
async function listOf(file: string, target: Target): Promise<string> {
  const res = await run('pg_restore', ['--list', file], target);
  if (res.code !== 0) throw new BackupError(`Soubor ${file} není čitelná záloha PostgreSQL: ${res.stderr.trim()}`);
  if (!/ TABLE DATA public settings /.test(res.stdout) || !/ drizzle __drizzle_migrations /.test(res.stdout)) {
    throw new BackupError(`Soubor ${file} neobsahuje databázi Panelu.`);
  }
  return res.stdout;
}

export interface PostgresRestoreOptions {
  file: string;
  databaseUrl: string;
  force: boolean;
  /** with --force on a database that has tables: where its safety copy goes (pg_dump before anything changes) */
  asideFile: () => string;
}

export async function restorePostgres(
  opts: PostgresRestoreOptions,
): Promise<{ ms: number; movedAside: string | null }> {
  const target = targetOf(opts.databaseUrl);
  await checkTool('pg_restore', opts.databaseUrl, target);
  const list = await listOf(opts.file, target);
  const started = performance.now();
  const { tables, others } = await withClient(opts.databaseUrl, target, async (c) => ({
    tables: Number(
      (
        await c.query<{ n: string }>(
          "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        )
      ).rows[0].n,
    ),
    others: Number(
      (
        await c.query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows[0].n,
    ),
  }));
  let movedAside: string | null = null;
  if (tables > 0) {
    if (!opts.force) {
      throw new BackupError(
        `Databáze ${target.database} není prázdná (${tables} tabulek). Obnovte do prázdné databáze, nebo přidejte ` +
          '--force (stávající obsah se nejdřív zazálohuje vedle, pak nahradí).',
      );
    }
    if (others > 0) {
      throw new BackupError(
        `K databázi ${target.database} je připojeno ${others} dalších spojení (běžící server?): zastavte je před obnovou.`,
      );
    }
    movedAside = opts.asideFile();
    await backupPostgres(opts.databaseUrl, movedAside);
  }
  // owner comments on extensions need the extension's owner (a superuser): left out, so any database owner restores
  const listFile = path.join(tmpdir(), `panel-restore-${process.pid}.list`);
  writeFileSync(
    listFile,
    list
      .split('\n')
      .filter((l) => !/ COMMENT - EXTENSION /.test(l))
      .join('\n'),
  );
  try {
    const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--no-password'];
    if (tables > 0) args.push('--clean', '--if-exists');
    const res = await run(
      'pg_restore',
      [...args, `--use-list=${listFile}`, `--dbname=${target.url}`, opts.file],
      target,
    );
    if (res.code !== 0) throw new BackupError(`pg_restore selhal (databáze zůstala, jak byla): ${res.stderr.trim()}`);
  } finally {
    rmSync(listFile, { force: true });
  }
  return { ms: Math.round(performance.now() - started), movedAside };
}
