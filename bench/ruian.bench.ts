/**
 * Whole-country RÚIAN (issue 15): `npm run bench:ruian -w bench` with RUIAN_BENCH_DATABASE_URL set to a
 * PostgreSQL database of its own (its address_points and ruian_import_progress are emptied first).
 *
 *   1. writes a zip in ČÚZK's layout (bench-owned temp folder): RUIAN_ROWS rows (default 3,000,000) over RUIAN_FILES
 *      entries `CSV/20250930_OB_<kód>_ADR.csv` (default 6,250; sizes skewed as the real ones: a Prague-sized one,
 *      a few cities, many villages), Windows-1250, the 19-column header, Czech town, part and street names,
 *      house and orientation numbers, S-JTSK Y/X (positive) inside Czechia;
 *   2. runs the real command (`importCli.ts ruian --reset <zip>`) as a child process and prints its wall time and
 *      peak memory (RSS of that process, sampled every 200 ms, and its VmHWM); goal < 10 min, < 500 MB;
 *   3. address search (runSearch, type 'address', the server's own query) over the loaded table: 400 terms
 *      (street + number + town, street + town, town, street prefixes, with and without diacritics), prints
 *      p50/p95/p99/max; goal p99 < 50 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { simulatedTrainsProvider } from '../apps/server/src/integrations/trains/index.js';
import { runSearch } from '../apps/server/src/modules/map/search/search.js';
import { sjtskToWgs84 } from '../apps/server/src/modules/map/railway/krovak.js';
import { ruianCsvBytes, ZipFileWriter } from '../apps/server/src/modules/map/railway/ruianZip.js';
import { repoRoot } from './lib/chaosCluster.js';

const DATABASE_URL = process.env.RUIAN_BENCH_DATABASE_URL;
const ROWS = Number(process.env.RUIAN_ROWS ?? 3_000_000);
const FILES = Number(process.env.RUIAN_FILES ?? 6250);
const SEARCHES = Number(process.env.RUIAN_SEARCHES ?? 400);
/** RUIAN_SEARCH_ONLY=1: measure the search on the table a previous run loaded (no zip, no import) */
const SEARCH_ONLY = process.env.RUIAN_SEARCH_ONLY === '1';
/** RUIAN_TIMES_FILE=path: every measured term with its time and hits, slowest first (tab-separated) */
const TIMES_FILE = process.env.RUIAN_TIMES_FILE;

// deterministic pseudo-random numbers: the same zip every run
let seed = 15;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

const PREFIXES = ['', '', '', 'Horní ', 'Dolní ', 'Nová ', 'Stará ', 'Velké ', 'Malé ', 'Český ', 'Moravská '];
const ROOTS = [
  'Lhota',
  'Ves',
  'Újezd',
  'Bystřice',
  'Lipník',
  'Březí',
  'Chlum',
  'Dubá',
  'Habry',
  'Kostelec',
  'Lázně',
  'Mýto',
  'Polná',
  'Rovná',
  'Skály',
  'Třebíč',
  'Žďár',
  'Řečany',
  'Čermná',
  'Kněžice',
  'Zbraslav',
  'Všestary',
  'Šonov',
  'Ždánice',
  'Hořice',
  'Ústí',
  'Týnec',
  'Chotěboř',
  'Bělá',
  'Jíloviště',
  'Kunštát',
  'Líšnice',
  'Měčín',
];
const SUFFIXES = ['', '', '', '', ' nad Sázavou', ' u Brna', ' pod Radhoštěm', ' nad Orlicí', ' v Čechách'];
const STREETS = [
  'Nádražní',
  'Školní',
  'Husova',
  'Palackého',
  'Komenského',
  'Masarykova',
  'Žižkova',
  'Tyršova',
  'Jiráskova',
  'Smetanova',
  'Zahradní',
  'Polní',
  'Krátká',
  'Lesní',
  'Havlíčkova',
  'Sokolská',
  'Revoluční',
  'Na Výsluní',
  'U Školy',
  'Pražská',
  'Brněnská',
  'Lidická',
  'Luční',
  'Dlouhá',
  'Sadová',
  'Květná',
  'Družstevní',
  'Československé armády',
  '28. října',
  'Nerudova',
  'Wilsonova',
  'Šumavská',
  'Řípská',
  'Čechova',
  'Úzká',
  'Třída Míru',
  'Štefánikova',
  'Zámecká',
  'Kostelní',
  'Na Příkopě',
  'K Rybníku',
  'Mlýnská',
  'Vinohradská',
];

interface Town {
  code: number;
  name: string;
  postcode: string;
  parts: string[];
  /** S-JTSK centre, positive (Y, X) */
  y: number;
  x: number;
  streets: boolean;
}

/** Entry sizes: Prague 3.5 % (as the real one), a few cities, a long tail of villages; they sum to ROWS. */
function entrySizes(): number[] {
  const tail = Array.from({ length: FILES - 1 }, (_, i) => 1 / Math.pow(i + 1, 0.55));
  const tailSum = tail.reduce((a, b) => a + b, 0);
  const weights = [(0.035 / 0.965) * tailSum, ...tail];
  const sum = tailSum / 0.965;
  const sizes = weights.map((w) => Math.max(1, Math.floor((w / sum) * ROWS)));
  sizes[0] += ROWS - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** A town centre in S-JTSK (positive Y, X) whose WGS84 position lies in Czechia's box (redrawn until it does). */
function czechCentre(): { y: number; x: number } {
  for (;;) {
    const y = 440_000 + rand() * 440_000;
    const x = 950_000 + rand() * 270_000;
    const [lon, lat] = sjtskToWgs84(-y, -x) ?? [0, 0];
    if (lat > 48.65 && lat < 50.95 && lon > 12.3 && lon < 18.7) return { y, x };
  }
}

function makeTown(i: number, size: number): Town {
  const name = i === 0 ? 'Praha' : `${pick(PREFIXES)}${pick(ROOTS)}${pick(SUFFIXES)}`;
  const parts = size > 200 ? Array.from({ length: 1 + Math.floor(size / 2000) }, () => pick(ROOTS)) : [name];
  // inside Czechia: S-JTSK Y 460–860 km, X 970–1200 km (positive, as the CSV writes them)
  return {
    code: 500000 + i * 7,
    name,
    postcode: String(10000 + Math.floor(rand() * 69000)),
    parts,
    ...czechCentre(),
    streets: size > 60,
  };
}

async function writeZip(file: string): Promise<void> {
  const sizes = entrySizes();
  const zip = new ZipFileWriter(file);
  let code = 10_000_000;
  for (let i = 0; i < sizes.length; i++) {
    const t = makeTown(i, sizes[i]);
    const streets = t.streets ? Array.from({ length: 3 + Math.floor(sizes[i] / 40) }, () => pick(STREETS)) : [];
    const rows: string[] = [];
    for (let n = 0; n < sizes[i]; n++) {
      const street = streets.length ? pick(streets) : '';
      const part = pick(t.parts);
      const number = 1 + Math.floor(rand() * 3000);
      const orientation = street && rand() < 0.6 ? String(1 + Math.floor(rand() * 80)) : '';
      const sign = orientation && rand() < 0.05 ? 'a' : '';
      const evidence = rand() < 0.03;
      const spread = Math.min(8000, 300 + Math.sqrt(sizes[i]) * 40);
      const y = (t.y + (rand() - 0.5) * spread).toFixed(2);
      const x = (t.x + (rand() - 0.5) * spread).toFixed(2);
      rows.push(
        [
          code++,
          t.code,
          t.name,
          '',
          '',
          '',
          '',
          t.code * 10 + 1,
          part,
          street ? 700000 + i : '',
          street,
          evidence ? 'č.ev.' : 'č.p.',
          number,
          orientation,
          sign,
          t.postcode,
          y,
          x,
          '2013-12-01T00:00:00',
        ].join(';'),
      );
    }
    await zip.add(`CSV/20250930_OB_${t.code}_ADR.csv`, ruianCsvBytes(rows));
  }
  await zip.close();
}

/** What a dispatcher would type for a loaded address: 'Husova 123 Lhota' (street or part, number, town). */
function sampleOf(title: string): string {
  const parts = title.split(', ');
  const head = parts[0].replace(/\/.*$/, '');
  const town = parts.at(-1)!.replace(/^\d{3} \d{2} /, '');
  return `${head} ${town}`;
}

/** Runs the import command; samples its RSS. */
function runImport(zip: string): Promise<{ ms: number; peakRssMb: number; hwmMb: number; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/modules/map/railway/importCli.ts', 'ruian', '--reset', zip],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    let peak = 0;
    let hwm = 0;
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
        hwm = Math.max(hwm, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // the process has ended
      }
    };
    const timer = setInterval(sample, 200);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, peakRssMb: peak / 1024, hwmMb: hwm / 1024, code });
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** The terms a dispatcher types: whole addresses, street + town, towns, prefixes, with and without accents. */
function searchTerms(samples: string[]): string[] {
  const strip = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
  return samples.map((s, i) => {
    const words = s.split(' ');
    switch (i % 5) {
      case 0:
        return s;
      case 1:
        return strip(s).toLowerCase();
      case 2:
        return `${words[0]} ${words.at(-1)}`;
      case 3:
        // a street typed halfway ('Havlíčko', 'Na Výs'), never under the search's 2 letters
        return strip(s).slice(0, Math.max(4, words[0].length - 2));
      default:
        return words.slice(-2).join(' ');
    }
  });
}

async function main() {
  if (!DATABASE_URL) {
    console.error('Nastavte RUIAN_BENCH_DATABASE_URL na vlastní databázi PostgreSQL (její adresní místa se smažou).');
    process.exit(2);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ruian-bench-'));
  const zip = path.join(dir, '20250930_OB_ADR_csv.zip');
  try {
    let t = Date.now();
    if (!SEARCH_ONLY) {
      await writeZip(zip);
      console.log(
        `zip: ${ROWS.toLocaleString('cs-CZ')} řádků v ${FILES} souborech, ` +
          `${(statSync(zip).size / 1e6).toFixed(0)} MB, vytvořen za ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );

      const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: dir });
      await migrate(handle);
      await handle.db.execute(sql`truncate address_points, ruian_import_progress`);
      await handle.close();

      const run = await runImport(zip);
      console.log(
        `import: ${(run.ms / 1000).toFixed(1)} s (cíl < 600 s), špička RSS ${run.peakRssMb.toFixed(0)} MB ` +
          `(VmHWM ${run.hwmMb.toFixed(0)} MB; cíl < 500 MB), exit ${run.code}`,
      );
    }

    const db = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: dir });
    try {
      const [{ n }] = await queryRows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from address_points where source = 'ruian'`,
      );
      console.log(`address_points (ruian): ${n.toLocaleString('cs-CZ')}`);
      const trains = simulatedTrainsProvider(db.db);
      // random loaded addresses (a fixed seed: the same ones every run on the same table)
      await db.db.execute(sql`select setseed(0.15)`);
      const titles = await queryRows<{ title: string }>(
        db.db,
        sql`select title from address_points tablesample bernoulli (0.05) repeatable (15) limit ${SEARCHES}`,
      );
      const terms = searchTerms(titles.map((r) => sampleOf(r.title)));
      const search = (term: string) =>
        runSearch(
          db.db,
          trains,
          { searchTerm: term, typeCodes: ['address'], latitude: null, longitude: null, limit: 20, offset: 0 },
          Date.now(),
        );
      for (const term of terms.slice(0, 20)) await search(term);
      const measured: { term: string; ms: number; total: number }[] = [];
      let empty = 0;
      for (const term of terms) {
        t = performance.now();
        const res = await search(term);
        measured.push({ term, ms: performance.now() - t, total: res.total });
        if (res.total === 0) empty++;
      }
      const times = measured.map((m) => m.ms).sort((a, b) => a - b);
      console.log(
        `hledání adres (${times.length} dotazů, ${empty} bez výsledku): p50 ${percentile(times, 0.5).toFixed(1)} ms, ` +
          `p95 ${percentile(times, 0.95).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms ` +
          `(cíl < 50 ms), max ${times.at(-1)!.toFixed(1)} ms`,
      );
      const slow = measured.sort((a, b) => b.ms - a.ms).slice(0, 3);
      if (TIMES_FILE) {
        writeFileSync(TIMES_FILE, measured.map((m) => `${m.ms.toFixed(1)}\t${m.total}\t${m.term}\n`).join(''));
      }
      console.log(`nejpomalejší: ${slow.map((s) => `'${s.term}' ${s.ms.toFixed(0)} ms`).join(', ')}`);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
