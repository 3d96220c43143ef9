/**
 * The whole-country RÚIAN import (issue 15): ČÚZK's zip as published (`YYYYMMDD_OB_ADR_csv.zip`, about 6,250
 * entries `CSV/YYYYMMDD_OB_<kód obce>_ADR.csv`), a folder of such CSVs, or one CSV.
 *
 * Nothing is held whole: the zip is read entry by entry (yauzl, its central directory only), each entry's
 * bytes are decoded as a stream (Windows-1250, `stream: true`) and parsed by the shared CSV reader chunk by chunk;
 * rows go to the database in batches, upserted by 'Kód ADM'. While one batch is being written the next is parsed
 * (one write in flight: memory stays two batches).
 *
 * Resumable: each batch commits together with its entry's progress row (ruian_import_progress: the last line
 * committed), so a killed import loses at most the batch in flight; a rerun skips the done entries and resumes a
 * cut one after its last committed line. A completed import rerun does nothing (and an upsert would change
 * nothing anyway).
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { Database } from '../../../db/client.js';
import { ruianImportProgress } from '../../../db/schema/index.js';
import { csvRows, RegisterDecoder, type CsvRow } from './csv.js';
import {
  isBadRow,
  ruianRowParser,
  upsertAddressPoints,
  type AddressPointInsert,
  type RuianRowParser,
} from './ruian.js';
import type { BadRow } from './sr70.js';

/** Rows per committed batch: big enough for throughput, small enough that a kill loses little. */
export const RUIAN_BATCH = 2000;
/** Rows after which the import refreshes the table's statistics itself (autovacuum would, later). */
const ANALYZE_AFTER_ROWS = 50_000;
/** Bad rows kept for the report (all are counted). */
const MAX_BAD_KEPT = 1000;

export interface RuianEntryBadRow extends BadRow {
  entry: string;
}

export interface RuianImportReport {
  source: string;
  /** CSV entries in the source */
  entries: number;
  /** entries finished in this run */
  entriesDone: number;
  /** entries skipped because an earlier run finished them */
  entriesSkipped: number;
  rows: number;
  inserted: number;
  updated: number;
  badCount: number;
  bad: RuianEntryBadRow[];
  ms: number;
}

export interface RuianProgress {
  entriesTotal: number;
  entriesSeen: number;
  rows: number;
  ms: number;
}

export interface RuianImportOptions {
  batchSize?: number;
  /** called at most every `progressEveryMs` and at the end */
  onProgress?: (p: RuianProgress) => void;
  progressEveryMs?: number;
  /** tests: stop (as a kill would) after this many committed batches */
  stopAfterBatches?: number;
}

interface Batch {
  rows: AddressPointInsert[];
  /** per entry: the last line in this batch, its rows in this batch, whether the entry ends here */
  entries: Map<string, { line: number; rows: number; done: boolean }>;
}

const newBatch = (): Batch => ({ rows: [], entries: new Map() });

/** Thrown by the `stopAfterBatches` test hook: the import ended like a killed process (no final bookkeeping). */
export class RuianImportStopped extends Error {}

interface Entry {
  name: string;
  open(): Promise<Readable>;
}

interface Source {
  name: string;
  total: number;
  entries(): AsyncGenerator<Entry>;
}

const isCsv = (name: string) => /\.csv$/i.test(name) && !name.endsWith('/');

/** The zip's CSV entries in the zip's order, each opened only when asked for. */
async function zipSource(file: string): Promise<Source> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const nextEntry = () =>
    new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (e: yauzl.Entry) => done(() => resolve(e));
      const onEnd = () => done(() => resolve(null));
      const onError = (err: Error) => done(() => reject(err));
      const done = (f: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        f();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
  return {
    name: path.basename(file),
    total: zip.entryCount,
    async *entries() {
      try {
        for (let e = await nextEntry(); e; e = await nextEntry()) {
          const entry = e;
          if (!isCsv(entry.fileName)) continue;
          yield {
            name: entry.fileName,
            open: () =>
              new Promise<Readable>((resolve, reject) =>
                zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
              ),
          };
        }
      } finally {
        zip.close();
      }
    },
  };
}

async function folderSource(dir: string): Promise<Source> {
  const names = (await readdir(dir)).filter(isCsv).sort();
  return {
    name: path.basename(dir),
    total: names.length,
    async *entries() {
      for (const name of names) yield { name, open: async () => createReadStream(path.join(dir, name)) };
    },
  };
}

export async function openRuianSource(file: string): Promise<Source> {
  const info = await stat(file);
  if (info.isDirectory()) return folderSource(file);
  if (/\.zip$/i.test(file)) return zipSource(file);
  return {
    name: path.basename(file),
    total: 1,
    async *entries() {
      yield { name: path.basename(file), open: async () => createReadStream(file) };
    },
  };
}

/** Decoded, parsed rows of one entry, batch by batch. */
async function* entryRows(stream: Readable): AsyncGenerator<CsvRow[]> {
  async function* decoded(): AsyncGenerator<string> {
    const decoder = new RegisterDecoder();
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      const text = decoder.write(chunk);
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  yield* csvRows(decoded());
}

export async function importRuianSource(
  db: Database,
  file: string,
  opts: RuianImportOptions = {},
): Promise<RuianImportReport> {
  const started = Date.now();
  const source = await openRuianSource(file);
  const batchSize = opts.batchSize ?? RUIAN_BATCH;
  const report: RuianImportReport = {
    source: source.name,
    entries: 0,
    entriesDone: 0,
    entriesSkipped: 0,
    rows: 0,
    inserted: 0,
    updated: 0,
    badCount: 0,
    bad: [],
    ms: 0,
  };
  const progressRows = await db.select().from(ruianImportProgress).where(eq(ruianImportProgress.source, source.name));
  const known = new Map(progressRows.map((p) => [p.entry, p]));
  let batches = 0;
  let lastProgress = 0;
  const progress = (force = false) => {
    const now = Date.now();
    if (!opts.onProgress || (!force && now - lastProgress < (opts.progressEveryMs ?? 2000))) return;
    lastProgress = now;
    opts.onProgress({ entriesTotal: source.total, entriesSeen: report.entries, rows: report.rows, ms: now - started });
  };
  const addBad = (entry: string, b: BadRow) => {
    report.badCount++;
    if (report.bad.length < MAX_BAD_KEPT) report.bad.push({ entry, ...b });
  };

  // A batch gathers rows across entries (most municipalities have a few hundred addresses: one transaction per
  // entry would cost more than the rows) and the progress of every entry it touches. One write in flight: the
  // next batch is parsed meanwhile.
  let batch: Batch = newBatch();
  let inFlight: Promise<void> = Promise.resolve();
  const flush = () => {
    const b = batch;
    batch = newBatch();
    const previous = inFlight;
    inFlight = (async () => {
      await previous;
      if (opts.stopAfterBatches != null && batches >= opts.stopAfterBatches) throw new RuianImportStopped();
      const res = await db.transaction(async (tx) => {
        const counts = await upsertAddressPoints(tx, b.rows);
        const marks = [...b.entries].map(([entry, m]) => ({ source: source.name, entry, ...m }));
        if (marks.length) {
          await tx
            .insert(ruianImportProgress)
            .values(marks)
            .onConflictDoUpdate({
              target: [ruianImportProgress.source, ruianImportProgress.entry],
              set: {
                line: sql`excluded.line`,
                rows: sql`${ruianImportProgress.rows} + excluded.rows`,
                done: sql`excluded.done`,
                updatedAt: new Date(),
              },
            });
        }
        return counts;
      });
      batches++;
      report.inserted += res.inserted;
      report.updated += res.updated;
      report.rows += b.rows.length;
      report.entriesDone += [...b.entries.values()].filter((m) => m.done).length;
      progress();
    })();
    // the error surfaces at the next await of inFlight; keep it from being reported as unhandled meanwhile
    inFlight.catch(() => undefined);
  };
  const mark = (entry: string, line: number, rows: number, done: boolean) => {
    const m = batch.entries.get(entry);
    batch.entries.set(entry, { line, rows: (m?.rows ?? 0) + rows, done });
  };

  for await (const entry of source.entries()) {
    report.entries++;
    const before = known.get(entry.name);
    if (before?.done) {
      report.entriesSkipped++;
      continue;
    }
    const resumeAfter = before?.line ?? 0;
    let parse: RuianRowParser | null = null;
    let lastLine = resumeAfter;
    let pending = 0;
    let headerBad = false;
    for await (const rows of entryRows(await entry.open())) {
      for (const row of rows) {
        if (!parse) {
          if (headerBad) break;
          const parser = ruianRowParser(row);
          if ('bad' in parser) {
            addBad(entry.name, parser.bad);
            headerBad = true;
            break;
          }
          parse = parser.parse;
          continue;
        }
        if (row.line <= resumeAfter) continue;
        const r = parse(row);
        if (isBadRow(r)) addBad(entry.name, r);
        else {
          batch.rows.push(r);
          pending++;
        }
        lastLine = row.line;
        if (batch.rows.length >= batchSize) {
          mark(entry.name, lastLine, pending, false);
          pending = 0;
          // back-pressure: the previous batch must be written before this one goes (one in flight, one parsing)
          await inFlight;
          flush();
        }
      }
    }
    if (!parse && !headerBad) addBad(entry.name, { line: 1, message: 'Soubor je prázdný.' });
    // done goes with the entry's last rows (an empty or unreadable entry too: a rerun need not read it again)
    mark(entry.name, lastLine, pending, true);
  }
  if (batch.entries.size) {
    await inFlight;
    flush();
  }
  await inFlight;
  // after a big load: fresh planner statistics, and the visibility map set so that the search's walks of the
  // order index stay in the index (index-only scans) instead of visiting every row
  if (report.rows >= ANALYZE_AFTER_ROWS) {
    await db.execute(sql`vacuum (analyze) address_points`).catch((error: unknown) => {
      // the rows are in; only the search's speed suffers until autovacuum comes (say so, do not fail)
      console.warn(`VACUUM ANALYZE address_points selhal (${(error as Error).message}); spusťte jej ručně.`);
    });
  }
  report.ms = Date.now() - started;
  progress(true);
  return report;
}

/** Forgets a source's progress: the next run imports it again from the start. */
export async function resetRuianProgress(db: Database, sourceName: string): Promise<void> {
  await db.delete(ruianImportProgress).where(eq(ruianImportProgress.source, sourceName));
}
