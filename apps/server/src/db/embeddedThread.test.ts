import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { createEmbedded, type EmbeddedClient } from './embedded.js';
import { openEmbeddedThread } from './embeddedThread.js';
import { isEmbeddedDatabaseBroken } from './availability.js';
import { openMigratedMemoryDatabase } from '../test/pgliteImage.js';
import { countTurns } from '../test/loopTurns.js';
import { useTempDirs } from '../test/tempDirs.js';
import { settings } from './schema/index.js';

const tempDir = useTempDirs();

/** What a statement answers, read through Drizzle as the server's code reads it. */
function read<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) {
  return queryRows<T>(handle.db, query);
}

describe('the embedded database in a thread of its own (embeddedThread.ts)', () => {
  let inline: DatabaseHandle;
  let thread: DatabaseHandle;
  beforeAll(async () => {
    [inline, thread] = await Promise.all([openMigratedMemoryDatabase(), openMigratedMemoryDatabase({ thread: true })]);
    for (const handle of [inline, thread]) {
      await handle.db.execute(sql`create table things (id serial primary key, name text unique, data bytea)`);
    }
  });
  afterAll(() => Promise.all([inline.close(), thread.close()]));

  it('answers every kind of value as the database on the server’s thread does', async () => {
    const photo = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const query = sql`select ${photo}::bytea as data, '2026-12-02 04:05:06+00'::timestamptz as at,
      '2026-12-02'::date as day, interval '90 minutes' as span, '{"a": [1, "b"]}'::jsonb as doc,
      array[1, 2]::int[] as list, 12.5::numeric as amount, 9007199254740::int8 as big, null::text as nothing`;
    const [mine] = await read<Record<string, unknown>>(thread, query);
    const [theirs] = await read<Record<string, unknown>>(inline, query);
    expect(mine).toEqual(theirs);
    // Drizzle keeps timestamps as PostgreSQL's text; bytea is a Buffer the schema's columns take
    expect(typeof mine.at).toBe('string');
    expect(Buffer.isBuffer(mine.data) && (mine.data as Buffer).equals(photo)).toBe(true);
  });

  it('reads rows through Drizzle’s query builder (array mode) as on the server’s thread', async () => {
    const mine = await thread.db.select().from(settings).orderBy(settings.key);
    const theirs = await inline.db.select().from(settings).orderBy(settings.key);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((row) => row.key)).toEqual(theirs.map((row) => row.key));
  });

  it('commits a transaction, rolls back one that fails, and a savepoint inside one', async () => {
    await thread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into things (name) values ('inner, undone')`);
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    const failure = new Error('the command failed');
    await expect(
      thread.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (name) values ('undone')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const names = await read<{ name: string }>(thread, sql`select name from things where data is null order by name`);
    expect(names.map((r) => r.name)).toEqual(['kept']);
  });

  it('holds a statement from outside until the open transaction ends, as PGlite on one thread does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = thread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (name) values ('in the transaction')`);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = read<{ n: number }>(
      thread,
      sql`select count(*)::int as n from things where name = 'in the transaction'`,
    ).then((rows) => {
      order.push('outside');
      return rows[0].n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('gives PostgreSQL’s error fields and name across, and leaves the failed transaction undone', async () => {
    await thread.db.execute(sql`insert into things (name) values ('unique')`);
    const error = await thread.db.execute(sql`insert into things (name) values ('unique')`).catch((e: unknown) => e);
    const cause = (error as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'things_name_key', severity: 'ERROR' });
    expect(cause?.message).toMatch(/duplicate key value/);
    expect(cause).not.toHaveProperty('params'); // a statement's parameters stay in the thread: they may be secrets
    expect(isEmbeddedDatabaseBroken(error)).toBe(false);
    // a parameter that cannot cross fails its own call only
    const client = thread.client as EmbeddedClient;
    await expect(client.query('select $1::text', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the server’s loop turning while a long statement runs', async () => {
    const loop = countTurns();
    // on the server's thread this statement runs in one piece and no turn comes until it ends
    await read(thread, sql`select count(*) from generate_series(1, 3000000)`);
    loop.stop();
    expect(loop.turns).toBeGreaterThan(20);
  });

  it('dumps its data directory as an image another database opens', async () => {
    await thread.db.execute(sql`insert into things (name) values ('in the image')`);
    const image = await (thread.client as EmbeddedClient).dumpDataDir('none');
    const copy = await createEmbedded(undefined, image);
    try {
      const { rows } = await copy.query<{ n: number }>(
        `select count(*)::int as n from things where name = 'in the image'`,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await copy.close();
    }
  });
});

describe('a database thread that closes or is replaced', () => {
  it('fails calls after close as a closed PGlite does, which the monitor takes for a broken database', async () => {
    const handle = await openMigratedMemoryDatabase({ thread: true });
    await handle.close();
    expect((handle.client as EmbeddedClient).closed).toBe(true);
    const error = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isEmbeddedDatabaseBroken(error)).toBe(true);
  });

  it('reopens as a new thread on the same data directory, the data kept', async () => {
    const image = await (async () => {
      const source = await openMigratedMemoryDatabase();
      try {
        return await (source.client as EmbeddedClient).dumpDataDir('none');
      } finally {
        await source.close();
      }
    })();
    const handle = await openDatabase({ dataDir: tempDir('panel-thread-'), image, thread: true });
    try {
      await handle.db.execute(sql`create table kept (n int)`);
      await handle.db.execute(sql`insert into kept values (7)`);
      await handle.reopen!();
      expect(await read<{ n: number }>(handle, sql`select n from kept`)).toEqual([{ n: 7 }]);
    } finally {
      await handle.close();
    }
  });

  it('fails the calls in flight when its thread ends, and the monitor’s reopen brings a new one', async () => {
    const handle = await openMigratedMemoryDatabase({ thread: true });
    try {
      const thread = (handle.client as unknown as { worker: Worker }).worker;
      const inFlight = handle.db
        .execute(sql`select count(*) from generate_series(1, 2000000)`)
        .catch((e: unknown) => e);
      await thread.terminate();
      const error = await inFlight;
      expect((error as { cause?: Error }).cause?.message).toMatch(/^PGlite is closed \(the database thread ended/);
      expect(isEmbeddedDatabaseBroken(error)).toBe(true);
      expect((handle.client as EmbeddedClient).closed).toBe(true);
      await handle.reopen!();
      expect(await read<{ one: number }>(handle, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('refuses to open what is not a database, and leaves no thread behind', async () => {
    const notACluster = tempDir('panel-thread-bad-');
    writeFileSync(path.join(notACluster, 'PG_VERSION'), 'not a version\n');
    await expect(openEmbeddedThread(notACluster)).rejects.toThrow();
  });
});
