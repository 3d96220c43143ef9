/**
 * `npm run import:sr70 -w apps/server -- file.csv` and `npm run import:ruian -w apps/server -- file.csv`: import
 * the SR70 codebook or RÚIAN address points into the database the server uses (DATABASE_URL, else the PGlite
 * in DATA_DIR; migrated first). Prints the counts and the bad rows with their line numbers; exits 1 when the
 * file cannot be read or no row was good, 0 otherwise. The first argument names the kind (sr70 | ruian).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { decodeRegisterFile } from './csv.js';
import { formatRuianReport, importRuian } from './ruian.js';
import { formatSr70Report, importSr70 } from './sr70.js';

async function main(): Promise<number> {
  const [kind, file] = process.argv.slice(2).filter((a) => a !== '--');
  if ((kind !== 'sr70' && kind !== 'ruian') || !file) {
    console.error('Použití: npm run import:sr70 -w apps/server -- soubor.csv (nebo import:ruian)');
    return 2;
  }
  // npm runs workspace scripts in the workspace folder; a relative path is meant from where the user stood
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    text = decodeRegisterFile(await readFile(resolved));
  } catch (error) {
    console.error(`Soubor ${resolved} nelze přečíst: ${(error as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle);
    const started = Date.now();
    if (kind === 'sr70') {
      const report = await importSr70(handle.db, text);
      console.log(formatSr70Report(report));
      console.log(`Hotovo za ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return report.rows === 0 ? 1 : 0;
    }
    const report = await importRuian(handle.db, text);
    console.log(formatRuianReport(report));
    console.log(`Hotovo za ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return report.rows === 0 ? 1 : 0;
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
