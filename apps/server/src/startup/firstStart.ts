/**
 * Preparing a database (migrate, seed an empty one, runtime settings), and the first start of an embedded one
 * (or of an empty PostgreSQL database) in a process of its own.
 *
 * Why a process (issue 13, memory): creating a PGlite cluster runs initdb, which rewrites PGlite's whole WASM heap
 * several times (resident from then on: WASM memory never shrinks), and initdb, the migrations and the demo seed
 * leave the C heap of the process fragmented; a server that did that work itself idled at ~400 MB instead of the
 * ~250 MB of a restart. A child process does it and exits, all its memory goes with it, and the server opens the
 * finished data directory as on any restart (docs/ARCHITECTURE.md "Database").
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config } from '../config.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { applyRuntimeSettings } from '../db/runtimeSettings.js';
import { seedOnStart } from './startSeed.js';

/**
 * Migrate, seed an empty database (demo data; in production only the first administrator, startSeed.ts),
 * write the runtime settings; answers the lines to print about the seed and the accounts.
 */
export async function prepareDatabase(handle: DatabaseHandle, config: Config): Promise<string[]> {
  await migrate(handle);
  const seedLines = await seedOnStart(handle.db, config);
  await applyRuntimeSettings(handle.db, config);
  return seedLines;
}

/** What the child answers over IPC. */
export type FirstStartMessage =
  { type: 'done'; lines: string[]; maxRssMb: number } | { type: 'error'; message: string; stack?: string };

export interface FirstStartResult {
  /** the seed's lines (a generated administrator password is shown only now) */
  lines: string[];
  /** the child's peak resident memory */
  maxRssMb: number;
  ms: number;
}

const ext = path.extname(fileURLToPath(import.meta.url)); // .ts under tsx and vitest, .js compiled
const childFile = fileURLToPath(new URL(`./firstStartChild${ext}`, import.meta.url));

/** The child's Node options: TypeScript needs tsx (the parent may run under vitest, whose flags do not load it). */
function childExecArgv(): string[] {
  // the server's own options (memory limits…), but not a debugger: its port is the server's
  if (ext !== '.ts') return process.execArgv.filter((a) => !a.startsWith('--inspect'));
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
}

/**
 * Whether a PostgreSQL database is new (no schema yet, or no user: the seed has not run). Such a first start is
 * prepared by the child process too: migrating and seeding in the server left a PostgreSQL node's heap ~17 MB
 * above a restart's, over the 200 MB goal (issue 13, memory).
 */
export async function postgresNeedsInit(db: Database): Promise<boolean> {
  const [schema] = await queryRows<{ missing: boolean }>(
    db,
    sql`select to_regclass('public.users') is null as missing`,
  );
  if (schema?.missing) return true;
  const [users] = await queryRows<{ empty: boolean }>(db, sql`select not exists (select 1 from users) as empty`);
  return users?.empty === true;
}

/**
 * Creates and prepares the database of `DATA_DIR` or `DATABASE_URL` (the configuration comes from `env`, as the
 * server's) in a child process; resolves once the child has closed the database and exited, rejects with the
 * child's error (a broken migration stops the start, as it did in process).
 */
export function prepareInChild(env: NodeJS.ProcessEnv = process.env): Promise<FirstStartResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = fork(childFile, [], {
      env,
      execArgv: childExecArgv(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: FirstStartMessage | null = null;
    child.on('message', (message: FirstStartMessage) => {
      answer = message;
    });
    child.once('error', reject); // could not be started at all
    child.once('exit', (code, signal) => {
      const got = answer as FirstStartMessage | null;
      if (got?.type === 'done' && code === 0) {
        resolve({ lines: got.lines, maxRssMb: got.maxRssMb, ms: performance.now() - started });
        return;
      }
      const why = got?.type === 'error' ? got.message : `skončil s ${code ?? signal}`;
      const error = new Error(`první příprava databáze selhala: ${why}`);
      if (got?.type === 'error' && got.stack) error.stack = got.stack;
      reject(error);
    });
  });
}
