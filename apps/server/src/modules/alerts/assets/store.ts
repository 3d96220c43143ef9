/**
 * Sound files of the library (`sound_assets`): the row's own bytes (`data`) when it has them, else the file
 * `{DATA_DIR}/{file}` (e.g. `sounds/alarm.mp3`), else the tone generated for it (demo/sounds.ts, synth.ts) by
 * `renderTone` (the render worker), written to that file so it is rendered once per data directory; concurrent
 * first requests share that one rendering. With `DATA_DIR=:memory:` (tests) nothing is
 * written. Every read is kept in memory (the library is a few small files).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { soundAssets } from '../../../db/schema/index.js';
import { soundPatternOf } from './sounds.js';
import type { SoundPattern } from './synth.js';

export interface SoundFile {
  data: Buffer;
  mime: string;
}

export type SoundAssetRow = typeof soundAssets.$inferSelect;

/** A file path under the data directory, or null (memory only, or a name that leaves the directory). */
export function dataFilePath(dataDir: string, file: string): string | null {
  if (dataDir === ':memory:') return null;
  const root = path.resolve(dataDir);
  const full = path.resolve(root, file);
  return full.startsWith(root + path.sep) ? full : null;
}

/** Writes through a temporary name, so a reader never sees half a file. */
export async function writeAtomically(full: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(full), { recursive: true });
  const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, full);
}

/** Renders a tone pattern to mp3 (in a worker thread). */
export type ToneRenderer = (pattern: SoundPattern) => Promise<Buffer>;

export function createSoundStore(db: Database, dataDir: string, renderTone: ToneRenderer) {
  const cache = new Map<number, Promise<SoundFile | null>>();

  async function rows(): Promise<Omit<SoundAssetRow, 'data'>[]> {
    return db
      .select({
        id: soundAssets.id,
        code: soundAssets.code,
        name: soundAssets.name,
        type: soundAssets.type,
        file: soundAssets.file,
        mime: soundAssets.mime,
      })
      .from(soundAssets)
      .orderBy(asc(soundAssets.id));
  }

  async function load(id: number): Promise<SoundFile | null> {
    const [row] = await db.select().from(soundAssets).where(eq(soundAssets.id, id));
    if (!row) return null;
    const done = (data: Buffer, mime = row.mime): SoundFile => ({ data, mime });
    if (row.data && row.data.length > 0) return done(Buffer.from(row.data));
    const full = dataFilePath(dataDir, row.file);
    if (full) {
      try {
        return done(await readFile(full));
      } catch {
        // not rendered yet
      }
    }
    const mp3 = await renderTone(soundPatternOf(row));
    if (full) await writeAtomically(full, mp3).catch((e) => console.error('[panel] sound not written', full, e));
    return done(mp3, 'audio/mpeg');
  }

  return {
    list: rows,
    /** the file of asset `id`, null when there is no such asset */
    file(id: number): Promise<SoundFile | null> {
      let p = cache.get(id);
      if (!p) {
        p = load(id);
        cache.set(id, p);
        p.then((f) => f ?? cache.delete(id)).catch(() => cache.delete(id));
      }
      return p;
    },
    /** renders the files that are missing (first start; in the background after listen) */
    async warm(): Promise<number> {
      const list = await rows();
      for (const r of list) await this.file(r.id);
      return list.length;
    },
  };
}

export type SoundStore = ReturnType<typeof createSoundStore>;
