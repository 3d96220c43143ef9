/**
 * One migrated embedded cluster for the whole test run. A new PGlite runs initdb and then every migration (~2.6 s
 * on this project's 2-core CI machine); loading the `dumpDataDir()` image of one already migrated (~1 s) gives
 * the same schema. vitest's global setup builds it once (`globalSetup` of the server project) and hands its path
 * to the test processes; `createTestApp` starts from it, and still runs `migrate` (a no-op that checks the
 * journal) and the demo seed itself, so the seed's times are those of the test that uses them.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmbeddedClient } from '../db/embedded.js';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { EPOCH_KEY, migrate } from '../db/migrate.js';
import { settings } from '../db/schema/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated cluster's image (a tar file), or '' when it could not be built */
    pgliteImage: string;
  }
}

/** vitest global setup: builds the image, provides its path, removes it after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const file = path.join(tmpdir(), `panel-test-pglite-${process.pid}.tar`);
  const handle = await openDatabase({ dataDir: ':memory:' });
  try {
    await migrate(handle);
    // every database has its own sync epoch (part of each sync uid): `migrate` draws a new one on each load
    await handle.db.delete(settings).where(eq(settings.key, EPOCH_KEY));
    const image = await (handle.client as EmbeddedClient).dumpDataDir('none');
    await writeFile(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteImage', file);
  return () => rm(file, { force: true });
}

let cached: Promise<Blob | undefined> | undefined;

/** The image for this test process, or undefined outside vitest (a benchmark using the factory). */
function migratedImage(): Promise<Blob | undefined> {
  cached ??= (async () => {
    let file = '';
    try {
      file = inject('pgliteImage');
    } catch {
      return undefined; // not in a vitest worker
    }
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return cached;
}

/**
 * A migrated in-memory database: from the run's image when there is one, else a new cluster. `thread`: in a
 * database thread, as the running server has it (db/embeddedThread.ts).
 */
export async function openMigratedMemoryDatabase(opts: { thread?: boolean } = {}): Promise<DatabaseHandle> {
  const image = await migratedImage();
  const handle = await openDatabase({ dataDir: ':memory:', ...(image ? { image } : {}), thread: opts.thread });
  await migrate(handle);
  return handle;
}
