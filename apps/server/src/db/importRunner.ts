/**
 * The shared frame of the import commands (contacts, SR70, RÚIAN): the file argument resolved from where the user
 * stood, the server's own database opened and migrated, the exit code of `main` given to the shell. Loads only
 * the database layer, so a command still starts without the app.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { migrate } from './migrate.js';
import { DATA_DIR_LOCKED_EXIT, DataDirLockedError, lockEmbedded } from './dataDirLock.js';

/** npm runs workspace scripts in the workspace folder; a relative path is meant from where the user stood. */
export function resolveUserPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Opens the database the server uses (DATABASE_URL, else the PGlite in DATA_DIR), migrates it, runs `work`, closes. */
export async function withServerDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const lock = lockEmbedded(config, 'import'); // refused while a server has the embedded database open
  try {
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(handle);
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
}

/**
 * Runs a command's `main` and exits with its code; an unexpected error is printed whole and exits 1 (a database
 * held by a running server: its Czech message only).
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(DATA_DIR_LOCKED_EXIT);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
