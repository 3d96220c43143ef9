/**
 * `npm run import:contacts -w apps/server -- file.csv`: imports the contact directory from a CSV file into the
 * database the server uses (DATABASE_URL, else the PGlite in DATA_DIR; migrated first). Prints the counts and the
 * bad rows with their line numbers; exits 1 when the file cannot be read or no row was good, 0 otherwise.
 */
import { readFile } from 'node:fs/promises';
import { resolveUserPath, runCommand, withServerDatabase } from '../../db/importRunner.js';
import { formatImportReport, importContactsCsv } from './directory.js';

async function main(): Promise<number> {
  const file = process.argv.slice(2).find((a) => a !== '--');
  if (!file) {
    console.error('Použití: npm run import:contacts -w apps/server -- soubor.csv');
    return 2;
  }
  const resolved = resolveUserPath(file);
  let text: string;
  try {
    text = await readFile(resolved, 'utf8');
  } catch (error) {
    console.error(`Soubor ${resolved} nelze přečíst: ${(error as Error).message}`);
    return 1;
  }
  return withServerDatabase(async (db) => {
    const report = await importContactsCsv(db, text);
    console.log(formatImportReport(report));
    const good = report.inserted + report.updated + report.unchanged;
    return report.bad.length && good === 0 ? 1 : 0;
  });
}

runCommand(main);
