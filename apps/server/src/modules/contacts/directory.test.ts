/** The directory CSV import (parse, upsert by number, report) and the suggested SMS text composition. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import { fieldsOf, foldText, formatImportReport, importContactsCsv, parseContactsCsv } from './directory.js';
import { composeSmsText } from './sms.js';
import { openMigratedMemoryDatabase } from '../../test/pgliteImage.js';

const CSV = [
  '\uFEFFname;number;description',
  'Dispečer SŽ Praha;972 241 111;CDP Praha',
  '"Výpravčí ""Libeň""";+420972226100;',
  ';725000111;bez jména',
  'Špatné číslo;72500;',
  'Písmena;72a000111;',
  '',
  'Mobil;00420 725 000 222;terén',
].join('\r\n');

describe('parseContactsCsv', () => {
  it('reads ; files with a BOM, quotes, +420/00420 numbers; bad rows with their line numbers', () => {
    const { rows, bad } = parseContactsCsv(CSV);
    expect(rows).toEqual([
      { line: 2, name: 'Dispečer SŽ Praha', number: '972241111', description: 'CDP Praha' },
      { line: 3, name: 'Výpravčí "Libeň"', number: '972226100', description: null },
      { line: 8, name: 'Mobil', number: '725000222', description: 'terén' },
    ]);
    expect(bad).toEqual([
      { line: 4, reason: 'jméno: Prosím vyplňte' },
      { line: 5, reason: 'číslo „72500“: Vložte devítimístné telefonní číslo' },
      { line: 6, reason: 'číslo „72a000111“: Toto pole musí obsahovat jen číslice' },
    ]);
  });

  it('reads , files and columns in any order; refuses a file without the header', () => {
    const { rows } = parseContactsCsv('number,name\n725000333,"Novák, Jan"\n');
    expect(rows).toEqual([{ line: 2, name: 'Novák, Jan', number: '725000333', description: null }]);
    expect(parseContactsCsv('a;b\n1;2').bad).toEqual([{ line: 1, reason: 'Chybí hlavička name;number;description.' }]);
    expect(parseContactsCsv('').bad).toHaveLength(1);
  });
});

describe('importContactsCsv', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigratedMemoryDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('inserts, then upserts by number (new name/description), and reports counts and bad rows', async () => {
    const first = await importContactsCsv(handle.db, CSV);
    expect(first).toMatchObject({ inserted: 3, updated: 0, unchanged: 0 });
    expect(first.bad.map((b) => b.line)).toEqual([4, 5, 6]);
    const second = await importContactsCsv(
      handle.db,
      'name;number;description\nDispečer SŽ Praha;972241111;CDP Praha\nMobil velitele;725000222;terén\nNový;602000444;',
    );
    expect(second).toEqual({ inserted: 1, updated: 1, unchanged: 1, bad: [] });
    const rows = await handle.db.select().from(contacts);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.number === '725000222')?.name).toBe('Mobil velitele');
    expect(formatImportReport(first)).toBe(
      [
        'Nové: 3, aktualizované: 0, beze změny: 0, chybné: 3',
        '  řádek 4: jméno: Prosím vyplňte',
        '  řádek 5: číslo „72500“: Vložte devítimístné telefonní číslo',
        '  řádek 6: číslo „72a000111“: Toto pole musí obsahovat jen číslice',
      ].join('\n'),
    );
  });
});

describe('npm run import:contacts', () => {
  it('imports a file into the configured database and prints the report', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'contacts-import-'));
    const file = path.join(dir, 'kontakty.csv');
    writeFileSync(file, 'name,number,description\nTest Import,725000555,x\nŠpatně,123,\n');
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/contacts/importCli.ts', file], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.stdout).toContain('Nové: 1, aktualizované: 0, beze změny: 0, chybné: 1');
    expect(run.stdout).toContain('řádek 3:');
    expect(run.status).toBe(0);
  }, 60_000);
});

describe('directory helpers', () => {
  it('folds case and Czech accents', () => {
    expect(foldText('Dispečer SŽ Ústí')).toBe('dispecer sz usti');
  });
  it('keeps only known fields', () => {
    expect(fieldsOf('id,name,bogus')).toEqual(['id', 'name']);
    expect(fieldsOf(undefined)).toEqual(['id', 'number', 'name', 'description']);
  });
});

describe('composeSmsText', () => {
  const at = new Date('2025-03-12T13:35:00Z'); // 14:35 in Prague
  it('code, type, address, HH:mm DD.MM.YYYY and the base', () => {
    expect(
      composeSmsText({ code: 'PHA-2025-0412', typeName: 'Požár', address: 'Praha-Libeň', at, baseCode: 'PHA' }),
    ).toBe('PHA-2025-0412 Požár: Praha-Libeň, 14:35 12.03.2025. HZS SŽ PHA');
  });
  it('shortens the address to fit 155 characters', () => {
    const text = composeSmsText({ code: 'X-1', typeName: 'Požár', address: 'a'.repeat(300), at, baseCode: 'PHA' });
    expect(text.length).toBeLessThanOrEqual(155);
    expect(text).toMatch(/…, 14:35 12\.03\.2025\. HZS SŽ PHA$/);
  });
  it('leaves out missing parts', () => {
    expect(composeSmsText({ code: null, typeName: null, address: null, at: null, baseCode: null })).toBe('');
    expect(composeSmsText({ code: 'X-1', typeName: null, address: null, at, baseCode: null })).toBe(
      'X-1: 14:35 12.03.2025',
    );
  });
});
