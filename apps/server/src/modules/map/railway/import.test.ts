/**
 * The SR70 and RÚIAN importers: the real SR70 codebook of ../shared/data (skipped with a message when the folder
 * is absent), and a small RÚIAN fixture written here whose S-JTSK coordinates are those SŽ publishes for two
 * station buildings, so the proj4 conversion is checked against SŽ's own GPS to a few metres.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { haversine } from '@panel/domain/map';
import type { DatabaseHandle } from '../../../db/client.js';
import { addressPoints, railwayLines, railwayPoints } from '../../../db/schema/index.js';
import { seedRailwayNetwork } from '../../../demo/railwayNetwork.js';
import { csvRows, decodeRegisterFile, parseCsv, type CsvRow } from './csv.js';
import { importRuian, parseRuian } from './ruian.js';
import { importSr70, parseDegrees, parseDms, parseSr70 } from './sr70.js';
import { openMigratedMemoryDatabase } from '../../../test/pgliteImage.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SR70_FILE = path.resolve(here, '../../../../../../../shared/data/sr70/SR70-2026-08-15.csv');
const hasSr70 = existsSync(SR70_FILE);
if (!hasSr70) console.warn(`SR70 import tests skipped: ${SR70_FILE} not found (../shared/data is absent)`);

/** Encodes text as Windows-1250 (the registers' encoding) for the Czech letters the fixtures use. */
function win1250(text: string): Uint8Array {
  const map: Record<string, number> = {
    á: 0xe1,
    č: 0xe8,
    ď: 0xef,
    é: 0xe9,
    ě: 0xec,
    í: 0xed,
    ň: 0xf2,
    ó: 0xf3,
    ř: 0xf8,
    š: 0x9a,
    ť: 0x9d,
    ú: 0xfa,
    ů: 0xf9,
    ý: 0xfd,
    ž: 0x9e,
    Á: 0xc1,
    Č: 0xc8,
    Ď: 0xcf,
    É: 0xc9,
    Ě: 0xcc,
    Í: 0xcd,
    Ň: 0xd2,
    Ó: 0xd3,
    Ř: 0xd8,
    Š: 0x8a,
    Ť: 0x8d,
    Ú: 0xda,
    Ů: 0xd9,
    Ý: 0xdd,
    Ž: 0x8e,
    '°': 0xb0,
  };
  return Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 128 ? c.charCodeAt(0) : (map[c] ?? 0x3f))));
}

describe('CSV helpers', () => {
  it('parses quoted cells with separators and doubled quotes, and counts lines', () => {
    const rows = parseCsv('a;b;c\r\n1;"x; y";"N50°04\'59,124"""\r\n\r\n2;;z\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'x; y', 'N50°04\'59,124"'] },
      { line: 4, cells: ['2', '', 'z'] },
    ]);
  });

  it('numbers a row by its first line when a quoted cell spans lines; reads a stream in batches', async () => {
    const text = 'a;b\n"two\nlines";x\n\nlast;y';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['two\nlines', 'x'] },
      { line: 5, cells: ['last', 'y'] },
    ]);
    // split mid-cell and mid-quote: the same rows
    const chunks = ['a;b\n"tw', 'o\nli', 'nes";x\n\nla', 'st;y'];
    const batches: CsvRow[][] = [];
    for await (const rows of csvRows(
      (async function* () {
        yield* chunks;
      })(),
      2,
    )) {
      batches.push(rows);
    }
    expect(batches.map((b) => b.length)).toEqual([2, 1]);
    expect(batches.flat()).toEqual(parseCsv(text));
  });

  it('reads SR70 coordinates in both notations', () => {
    expect(parseDegrees('N50,083090°')).toBeCloseTo(50.08309, 6);
    expect(parseDegrees('E14,435978°')).toBeCloseTo(14.435978, 6);
    expect(parseDegrees('-')).toBeNull();
    expect(parseDms('N50°04\'59,124"')).toBeCloseTo(50.08309, 5);
  });

  it('decodes Windows-1250 (and UTF-8 with a BOM)', () => {
    expect(decodeRegisterFile(win1250('Žďár nad Sázavou'))).toBe('Žďár nad Sázavou');
    expect(decodeRegisterFile(new Uint8Array([0xef, 0xbb, 0xbf, 0xc5, 0xbd]))).toBe('Ž');
  });
});

describe.skipIf(!hasSr70)('SR70 import (real codebook)', () => {
  let h: DatabaseHandle;
  let text: string;
  beforeAll(async () => {
    h = await openMigratedMemoryDatabase();
    await seedRailwayNetwork(h.db);
    text = decodeRegisterFile(readFileSync(SR70_FILE));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('parses 4,300+ rows with ≥900 active stations and reports the few bad rows by line', () => {
    const { rows, bad } = parseSr70(text);
    expect(rows.length).toBeGreaterThan(4300);
    const stations = rows.filter((r) => r.active && r.kind === 'Železniční stanice');
    expect(stations.length).toBeGreaterThanOrEqual(900);
    expect(bad.length).toBeLessThan(20);
    for (const b of bad) expect(b.line).toBeGreaterThan(1);
  });

  it('imports: upserts by code over the demo rows, Praha hlavní nádraží within 100 m, lines derived', async () => {
    const demoLines = await h.db.select().from(railwayLines).where(eq(railwayLines.source, 'demo'));
    const report = await importSr70(h.db, text);
    expect(report.stations).toBeGreaterThanOrEqual(900);
    // the demo stations carry real SR70 codes: they are updated, not duplicated
    expect(report.updated).toBeGreaterThanOrEqual(100);
    expect(report.inserted + report.updated).toBe(report.rows);
    expect(report.lines).toBeGreaterThan(200);

    const [praha] = await h.db.select().from(railwayPoints).where(eq(railwayPoints.code, '570762'));
    expect(praha).toMatchObject({ name: 'Praha hlavní nádraží', source: 'sr70', active: true, section: '1704' });
    expect(haversine([praha.longitude, praha.latitude], [14.4353, 50.0831])).toBeLessThan(100);
    expect(praha.km).toBeCloseTo(185.877, 3);

    const lines = await h.db.select().from(railwayLines);
    const sr70 = lines.filter((l) => l.source === 'sr70');
    expect(sr70.length).toBe(report.lines);
    expect(sr70.every((l) => l.coordinates.length >= 2)).toBe(true);
    // the section of Praha hl. n. (1704, Praha – Benešov) passes the station
    const s1704 = sr70.find((l) => l.code === '1704')!;
    expect(s1704.coordinates.some(([lon, lat]) => haversine([lon, lat], [praha.longitude, praha.latitude]) < 1)).toBe(
      true,
    );
    // demo lines are left alone
    expect(lines.filter((l) => l.source === 'demo')).toHaveLength(demoLines.length);

    const again = await importSr70(h.db, text);
    expect(again.inserted).toBe(0);
    expect(again.updated).toBe(report.rows);
    expect(await h.db.$count(railwayLines)).toBe(lines.length);
  });
});

describe('RÚIAN import (fixture)', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openMigratedMemoryDatabase();
  });
  afterAll(async () => {
    await h?.close();
  });

  const header =
    'Kód ADM;Kód obce;Název obce;Kód MOMC;Název MOMC;Kód obvodu Prahy;Název obvodu Prahy;Kód části obce;' +
    'Název části obce;Kód ulice;Název ulice;Typ SO;Číslo domovní;Číslo orientační;Znak čísla orientačního;PSČ;' +
    'Souřadnice Y;Souřadnice X;Platí Od';
  // S-JTSK of the station buildings as SŽ publishes them in SR70 (Praha hl. n. 570762, Brno hl. n. 833293)
  const fixture = [
    header,
    '21720401;554782;Praha;500224;Praha 2;19;Praha 2;490148;Vinohrady;457885;Wilsonova;č.p.;300;8;;12000;741831.72;1043638.45;2024-01-01T00:00:00',
    '19045133;582786;Brno;551082;Brno-střed;;;411582;Brno-město;120146;Nádražní;č.p.;418;1;;60200;598002.37;1161342.63;2024-01-01T00:00:00',
    '99999999;554782;Praha;;;;;;;;;č.p.;1;;;;;;2024-01-01T00:00:00',
  ].join('\r\n');

  it('converts S-JTSK to WGS84 within 5 m of SŽ GPS, titles addresses, reports the bad row by line', async () => {
    const report = await importRuian(h.db, decodeRegisterFile(win1250(fixture)));
    expect(report).toMatchObject({ rows: 2, inserted: 2, updated: 0 });
    expect(report.bad).toEqual([{ line: 4, message: expect.stringContaining('souřadnice') }]);
    const rows = await h.db.select().from(addressPoints).orderBy(addressPoints.code);
    const praha = rows.find((r) => r.code === '21720401')!;
    expect(praha.title).toBe('Wilsonova 300/8, Vinohrady, 120 00 Praha 2');
    expect(praha.search).toBe('wilsonova 300/8, vinohrady, 120 00 praha 2');
    expect(haversine([praha.longitude, praha.latitude], [14.435978, 50.08309])).toBeLessThan(5);
    const brno = rows.find((r) => r.code === '19045133')!;
    expect(brno.title).toBe('Nádražní 418/1, Brno-město, 602 00 Brno');
    expect(haversine([brno.longitude, brno.latitude], [16.611046, 49.189992])).toBeLessThan(5);

    // the same rows again change nothing: an unchanged row is not rewritten (issue 15: reruns are cheap)
    const again = await importRuian(h.db, decodeRegisterFile(win1250(fixture)));
    expect(again).toMatchObject({ rows: 2, inserted: 0, updated: 0 });
    const moved = fixture.replace('Wilsonova', 'Wilsonova třída');
    expect(await importRuian(h.db, decodeRegisterFile(win1250(moved)))).toMatchObject({ inserted: 0, updated: 1 });
  });

  it('refuses a file without the register header', () => {
    expect(parseRuian('a;b\n1;2').bad[0].message).toContain('Chybí sloupce');
  });
});
