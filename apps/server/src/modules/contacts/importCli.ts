/**
 * `npm run import:contacts -w apps/server -- file.csv`: imports the contact directory from a CSV file into the
 * database the server uses (DATABASE_URL, else the PGlite in DATA_DIR; migrated first). Prints the counts and the
 * bad rows with their line numbers; exits 1 when the file cannot be read or no row was good, 0 otherwise.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { formatImportReport, importContactsCsv } from './directory.js';

async function main(): Promise<number> {
  const file = process.argv.slice(2).find((a) => a !== '--');
  if (!file) {
    console.error('Použití: npm run import:contacts -w apps/server -- soubor.csv');
    return 2;
  }
  // npm runs workspace scripts in the workspace folder; a relative path is meant from where the user stood
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    text = await readFile(resolved, 'utf8');
  } catch (error) {
    console.error(`Soubor ${resolved} nelze přečíst: ${(error as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle);
    const report = await importContactsCsv(handle.db, text);
    console.log(formatImportReport(report));
    const good = report.inserted + report.updated + report.unchanged;
    return report.bad.length && good === 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
