/**
 * `npm run import:sr70 -w apps/server -- file.csv` and `npm run import:ruian -w apps/server -- <zip|folder|csv>`:
 * import the SR70 codebook or RÚIAN address points into the database the server uses (DATABASE_URL, else the
 * PGlite in DATA_DIR; migrated first). Prints the counts and the bad rows with their line numbers; exits 1 when
 * the file cannot be read or no row was good, 0 otherwise. The first argument names the kind (sr70 | ruian).
 *
 * RÚIAN takes ČÚZK's whole-country zip as published (streamed, resumable: ruianImport.ts), a folder of its CSVs
 * or one CSV; it prints its progress (files, rows, rows/s) every few seconds. `--reset` forgets an earlier run's
 * progress of the same source and imports it again from the start.
 *
 * Start-up loads only the database layer and the importer asked for (no app, no demo, no other importer).
 */
import { readFile } from 'node:fs/promises';
import { resolveUserPath, runCommand, withServerDatabase } from '../../../db/importRunner.js';
import type { Database } from '../../../db/client.js';

const USAGE =
  'Použití: npm run import:sr70 -w apps/server -- soubor.csv\n' +
  '         npm run import:ruian -w apps/server -- [--reset] <zip ČÚZK | složka s CSV | soubor.csv>';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('cs-CZ');

async function runSr70(db: Database, file: string): Promise<number> {
  const [{ decodeRegisterFile }, { formatSr70Report, importSr70 }] = await Promise.all([
    import('./csv.js'),
    import('./sr70.js'),
  ]);
  let text: string;
  try {
    text = decodeRegisterFile(await readFile(file));
  } catch (error) {
    console.error(`Soubor ${file} nelze přečíst: ${(error as Error).message}`);
    return 1;
  }
  const started = Date.now();
  const report = await importSr70(db, text);
  console.log(formatSr70Report(report));
  console.log(`Hotovo za ${seconds(Date.now() - started)}.`);
  return report.rows === 0 ? 1 : 0;
}

async function runRuian(db: Database, file: string, reset: boolean): Promise<number> {
  const { importRuianSource, openRuianSource, resetRuianProgress } = await import('./ruianImport.js');
  const { formatRuianImportReport } = await import('./ruianReport.js');
  if (reset) await resetRuianProgress(db, (await openRuianSource(file)).name);
  const report = await importRuianSource(db, file, {
    onProgress: (p) =>
      console.log(
        `RÚIAN: soubory ${count(p.entriesSeen)}/${count(p.entriesTotal)}, řádků ${count(p.rows)}, ` +
          `${count(Math.round(p.rows / Math.max(p.ms / 1000, 0.001)))} řádků/s, ${seconds(p.ms)}`,
      ),
  });
  console.log(formatRuianImportReport(report));
  return report.rows === 0 && report.entriesSkipped === 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const reset = args.includes('--reset');
  const [kind, file] = args.filter((a) => a !== '--reset');
  if ((kind !== 'sr70' && kind !== 'ruian') || !file) {
    console.error(USAGE);
    return 2;
  }
  const resolved = resolveUserPath(file);
  return withServerDatabase(async (db) => {
    if (kind === 'sr70') return await runSr70(db, resolved);
    try {
      return await runRuian(db, resolved, reset);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === 'ENOENT' || e.code === 'EACCES' || /zip|signature|central directory/i.test(e.message)) {
        console.error(`Soubor ${resolved} nelze přečíst: ${e.message}`);
        return 1;
      }
      throw error;
    }
  });
}

runCommand(main);
