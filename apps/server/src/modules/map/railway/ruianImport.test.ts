/**
 * The whole-country RÚIAN import (issue 15) on zips written here in ČÚZK's layout (no outside data needed):
 * entries `CSV/YYYYMMDD_OB_<kód obce>_ADR.csv`, Windows-1250, `;`, CRLF, the 19-column header.
 *
 * Real rows: the three Trojanovice rows (obec 599999) are quoted, with the header, in the doc comment of a
 * public PHP importer of ČÚZK's `https://vdp.cuzk.gov.cz/vymenny_format/csv/20250930_OB_ADR_csv.zip`
 * (class method `importAddrPlaces_OneFile`, code search "Kód ADM;Kód obce"); the same header is checked by
 * `location_data/ruian_csv.py` (sreality-location-data, `ADR_HEADER`). The other rows are made up in the same
 * layout to carry Czech letters, Prague's MOMC and bad values.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../../db/client.js';
import { addressPoints, ruianImportProgress } from '../../../db/schema/index.js';
import { simulatedTrainsProvider } from '../../../integrations/trains/index.js';
import { normalizeSearch } from '@panel/domain/map';
import { ADDRESS_BROAD } from '../search/addressSearch.js';
import { runSearch } from '../search/search.js';
import { upsertAddressPoints } from './ruian.js';
import { importRuianSource, RuianImportStopped } from './ruianImport.js';
import { formatRuianImportReport } from './ruianReport.js';
import { ruianCsvBytes, ZipFileWriter } from './ruianZip.js';
import { openMigratedMemoryDatabase } from '../../../test/pgliteImage.js';

/** Real: ČÚZK rows quoted by a public importer (see the header comment). */
const TROJANOVICE = [
  '8338752;599999;Trojanovice;;;;;168491;Trojanovice;;;č.p.;2;;;74401;479862.17;1133960.17;2022-08-24T00:00:00',
  '8338761;599999;Trojanovice;;;;;168491;Trojanovice;;;č.p.;3;;;74401;480123.51;1134001.84;2013-12-01T00:00:00',
  '8338779;599999;Trojanovice;;;;;168491;Trojanovice;;;č.p.;4;;;74401;480180.85;1134153.63;2013-12-01T00:00:00',
];
/** Made up in the layout: Žďár nad Sázavou (595209), one row without coordinates (line 4). */
const ZDAR = [
  '90000001;595209;Žďár nad Sázavou;;;;;413631;Žďár nad Sázavou 1;1000;Nádražní;č.p.;148;21;a;59101;618550.12;1123980.40;2013-12-01T00:00:00',
  '90000002;595209;Žďár nad Sázavou;;;;;413631;Žďár nad Sázavou 1;1001;Strojírenská;č.p.;2054;6;;59101;617900.55;1124520.10;2013-12-01T00:00:00',
  '90000003;595209;Žďár nad Sázavou;;;;;413631;Žďár nad Sázavou 1;1001;Strojírenská;č.p.;2055;;;59101;;;2013-12-01T00:00:00',
  '90000004;595209;Žďár nad Sázavou;;;;;413640;Veselíčko;;;č.ev.;12;;;59101;619120.00;1125010.00;2013-12-01T00:00:00',
];
/** Made up: Prague (the postal town is the MOMC), a bad code on line 3. */
const PRAHA = [
  '90000011;554782;Praha;500054;Praha 2;;;490067;Vinohrady;2000;Šumavská;č.p.;1348;15;;12000;741650.00;1044300.00;2013-12-01T00:00:00',
  'x90000012;554782;Praha;500054;Praha 2;;;490067;Vinohrady;2000;Šumavská;č.p.;1349;17;;12000;741680.00;1044320.00;2013-12-01T00:00:00',
  '90000013;554782;Praha;500054;Praha 2;;;490067;Vinohrady;2001;Řípská;č.p.;1500;2;;12000;741400.00;1044900.00;2013-12-01T00:00:00',
];
const GOOD_ROWS = 3 + 3 + 2;

const dir = mkdtempSync(path.join(os.tmpdir(), 'ruian-test-'));
const ZIP = path.join(dir, '20250930_OB_ADR_csv.zip');

async function writeZip(file: string) {
  const zip = new ZipFileWriter(file);
  await zip.add('CSV/20250930_OB_554782_ADR.csv', ruianCsvBytes(PRAHA));
  await zip.add('CSV/20250930_OB_595209_ADR.csv', ruianCsvBytes(ZDAR));
  await zip.add('CSV/20250930_OB_599999_ADR.csv', ruianCsvBytes(TROJANOVICE));
  await zip.close();
}

describe('RÚIAN whole-country import (zip, resumable)', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openMigratedMemoryDatabase();
    await writeZip(ZIP);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ruianCount = async () =>
    (await queryRows<{ n: number }>(h.db, sql`select count(*)::int as n from address_points where source = 'ruian'`))[0]
      .n;

  it('a killed import resumes where it stopped; bad rows reported by file and line; a rerun does nothing', async () => {
    // batches of 2 rows: stop after the second committed batch, as a kill would
    await expect(importRuianSource(h.db, ZIP, { batchSize: 2, stopAfterBatches: 2 })).rejects.toBeInstanceOf(
      RuianImportStopped,
    );
    const cut = await ruianCount();
    expect(cut).toBeGreaterThan(0);
    expect(cut).toBeLessThan(GOOD_ROWS);
    const progress = await h.db.select().from(ruianImportProgress);
    expect(progress.some((p) => !p.done || progress.length < 3)).toBe(true);

    const resumed = await importRuianSource(h.db, ZIP, { batchSize: 2 });
    expect(await ruianCount()).toBe(GOOD_ROWS);
    // the resumed run wrote only what the cut one had not
    expect(resumed.inserted).toBe(GOOD_ROWS - cut);
    expect(resumed.entries).toBe(3);
    const done = await h.db.select().from(ruianImportProgress);
    expect(done.map((p) => [p.entry, p.done]).sort()).toEqual([
      ['CSV/20250930_OB_554782_ADR.csv', true],
      ['CSV/20250930_OB_595209_ADR.csv', true],
      ['CSV/20250930_OB_599999_ADR.csv', true],
    ]);

    const again = await importRuianSource(h.db, ZIP);
    expect(again).toMatchObject({ entriesSkipped: 3, rows: 0, inserted: 0, updated: 0 });
    expect(await ruianCount()).toBe(GOOD_ROWS);
    expect(formatRuianImportReport(again)).toContain('3 souborů již načteno dříve');
  });

  it('reports each bad row with its file, line and reason, and skips it', async () => {
    const h2 = await openMigratedMemoryDatabase();
    try {
      const report = await importRuianSource(h2.db, ZIP);
      expect(report.rows).toBe(GOOD_ROWS);
      expect(report.bad).toEqual([
        { entry: 'CSV/20250930_OB_554782_ADR.csv', line: 3, message: "neplatný kód adresního místa 'x90000012'" },
        { entry: 'CSV/20250930_OB_595209_ADR.csv', line: 4, message: '90000003: chybí souřadnice' },
      ]);
      expect(formatRuianImportReport(report)).toContain('CSV/20250930_OB_595209_ADR.csv, řádek 4: 90000003: chybí');
    } finally {
      await h2.close();
    }
  });

  it('decodes Windows-1250: titles with Czech letters, Prague by its MOMC, coordinates in Czechia', async () => {
    const rows = await h.db
      .select()
      .from(addressPoints)
      .where(sql`code in ('90000001', '90000004', '90000011')`);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('90000001')?.title).toBe('Nádražní 148/21a, Žďár nad Sázavou 1, 591 01 Žďár nad Sázavou');
    expect(byCode.get('90000001')?.search).toBe('nadrazni 148/21a, zdar nad sazavou 1, 591 01 zdar nad sazavou');
    expect(byCode.get('90000004')?.title).toBe('Veselíčko č. ev. 12, 591 01 Žďár nad Sázavou');
    expect(byCode.get('90000011')?.title).toBe('Šumavská 1348/15, Vinohrady, 120 00 Praha 2');
    // Trojanovice (Beskydy) from ČÚZK's own row: about 49.52 N, 18.23 E
    const [t] = await h.db
      .select()
      .from(addressPoints)
      .where(sql`code = '8338752'`);
    expect(t.latitude).toBeGreaterThan(49.4);
    expect(t.latitude).toBeLessThan(49.7);
    expect(t.longitude).toBeGreaterThan(18.1);
    expect(t.longitude).toBeLessThan(18.4);
  });

  it('takes a folder of CSVs and a single CSV too (same upsert, nothing changes)', async () => {
    const folder = path.join(dir, 'CSV');
    mkdirSync(folder);
    writeFileSync(path.join(folder, '20250930_OB_599999_ADR.csv'), ruianCsvBytes(TROJANOVICE));
    writeFileSync(path.join(folder, 'readme.txt'), 'not a csv');
    const fromFolder = await importRuianSource(h.db, folder);
    expect(fromFolder).toMatchObject({ entries: 1, rows: 3, inserted: 0, updated: 0 });
    const single = path.join(dir, '20250930_OB_595209_ADR.csv');
    writeFileSync(single, ruianCsvBytes(ZDAR));
    const fromCsv = await importRuianSource(h.db, single);
    expect(fromCsv).toMatchObject({ entries: 1, rows: 3, inserted: 0, updated: 0, badCount: 1 });
    expect(await ruianCount()).toBe(GOOD_ROWS);
  });

  it('a file without the register header is reported, not imported', async () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'a;b\r\n1;2\r\n');
    const report = await importRuianSource(h.db, bad);
    expect(report.rows).toBe(0);
    expect(report.bad[0].message).toContain('Chybí sloupce');
  });

  it('search finds addresses without diacritics, in any case, by word prefix, through the word index', async () => {
    const trains = simulatedTrainsProvider(h.db);
    const search = (term: string) =>
      runSearch(
        h.db,
        trains,
        { searchTerm: term, typeCodes: ['address'], latitude: null, longitude: null, limit: 10, offset: 0 },
        Date.now(),
      );
    const zdar = await search('ZDAR nadraz');
    expect(zdar.data.map((s) => s.name)).toEqual(['Nádražní 148/21a, Žďár nad Sázavou 1, 591 01 Žďár nad Sázavou']);
    const accented = await search('Strojírenská 2054');
    expect(accented.data.map((s) => s.name)).toEqual([
      'Strojírenská 2054/6, Žďár nad Sázavou 1, 591 01 Žďár nad Sázavou',
    ]);
    const prefix = await search('trojan');
    expect(prefix.total).toBe(3);
    expect(prefix.data[0].name).toBe('Trojanovice 2, 744 01 Trojanovice');
    expect((await search('ripsk')).data.map((s) => s.name)).toEqual(['Řípská 1500/2, Vinohrady, 120 00 Praha 2']);
    // the planner can answer the match from the word index (the tiny table here would rather read the order
    // index whole: that one is set aside inside a rolled-back transaction)
    let plan = '';
    await h.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index address_points_search_c_idx`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select id from address_points where address_search_words(search) && array['nadrazni']
            and address_search_words(search) && array['zdar', '^zdar'] and search like '%nadrazni%' and search like '%zdar%'`,
        );
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(plan).toContain('Bitmap Index Scan on address_points_search_words_idx');
  });

  it('a broad term (more matches than a page can reach) is read by rank group in index order: same page', async () => {
    const trains = simulatedTrainsProvider(h.db);
    // more matches than a page reaches: exact, prefix, word-prefix (every 10th) and inside-word rows
    const many = Array.from({ length: ADDRESS_BROAD + 600 }, (_, i) => ({
      code: String(95000000 + i),
      title: i % 10 ? `Zálhotí ${i}, 591 01 Zálhota` : `Dlouhá ${i}, Horní Lhota, 591 01 Lhota`,
      search: '',
      latitude: 49.5 + i / 100000,
      longitude: 15.9,
      source: 'ruian',
    }));
    many.push({ code: '95009998', title: 'Lhota', search: '', latitude: 49.5, longitude: 15.9, source: 'ruian' });
    many.push({
      code: '95009999',
      title: 'Lhota 7, 591 01 Lhota',
      search: '',
      latitude: 49.5,
      longitude: 15.9,
      source: 'ruian',
    });
    for (const m of many) m.search = normalizeSearch(m.title);
    await upsertAddressPoints(h.db, many);
    // the narrow query's order, computed here: rank (exact, prefix, word prefix, inside), name by code points, id
    const all = await queryRows<{ id: number; title: string; search: string }>(
      h.db,
      sql`select id, title, search from address_points where search like '%lhota%'`,
    );
    const rank = (s: string) => (s === 'lhota' ? 0 : s.startsWith('lhota') ? 1 : / lhota|-lhota/.test(s) ? 2 : 3);
    const code = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    all.sort((a, b) => rank(a.search) - rank(b.search) || code(a.search, b.search) || a.id - b.id);
    for (const [offset, limit] of [
      [0, 20],
      [40, 20],
      [1000, 100],
    ]) {
      const res = await runSearch(
        h.db,
        trains,
        { searchTerm: 'LHOTA', typeCodes: ['address'], latitude: null, longitude: null, limit, offset },
        Date.now(),
      );
      expect(res.total).toBe(ADDRESS_BROAD);
      expect(res.data.map((d) => d.name)).toEqual(all.slice(offset, offset + limit).map((r) => r.title));
    }
  });
});
