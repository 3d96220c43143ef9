import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types, type PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { parseBytea, serializeBytea } from './byteaCodec.js';
import { openMigratedMemoryDatabase } from '../test/pgliteImage.js';

describe('bytea on the embedded database (byteaCodec.ts)', () => {
  let handle: DatabaseHandle;
  let pg: PGlite;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: ':memory:' });
    pg = handle.client as PGlite;
    await pg.exec('create table blobs (id serial primary key, data bytea not null)');
  });
  afterAll(() => handle.close());

  /** stores `bytes`, returns what PostgreSQL holds (its own hex and length) and what the driver reads back */
  async function roundTrip(bytes: Uint8Array) {
    const [{ id }] = (await pg.query<{ id: number }>('insert into blobs (data) values ($1) returning id', [bytes]))
      .rows;
    const held = await pg.query<{ hex: string; length: number }>(
      "select encode(data, 'hex') as hex, length(data) as length from blobs where id = $1",
      [id],
    );
    const read = await pg.query<{ data: unknown }>('select data from blobs where id = $1', [id]);
    return { ...held.rows[0], data: read.rows[0].data };
  }

  it('keeps every byte value, in order, and reads it back as a Buffer', async () => {
    const every = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    const { hex, length, data } = await roundTrip(every);
    expect(length).toBe(512);
    expect(hex).toBe(every.toString('hex'));
    // PGlite's own parser answers a plain Uint8Array; the schema's column type takes this Buffer as it is
    expect(Buffer.isBuffer(data)).toBe(true);
    expect((data as Buffer).equals(every)).toBe(true);
  });

  it('stores exactly the bytes of a view into a larger buffer, and an empty value', async () => {
    const whole = Buffer.from('0123456789abcdef');
    const view = whole.subarray(3, 9); // byteOffset 3 of a shared ArrayBuffer
    expect((await roundTrip(view)).hex).toBe(Buffer.from('345678').toString('hex'));
    const empty = await roundTrip(new Uint8Array(0));
    expect(empty.length).toBe(0);
    expect((empty.data as Buffer).length).toBe(0);
  });

  it('goes through Drizzle as the media and sound tables use it', async () => {
    const photo = Buffer.alloc(300 * 1024, 0xd8);
    // a Buffer parameter through Drizzle, as the media and sound tables get theirs
    const [row] = await queryRows<{ data: Buffer }>(handle.db, sql`select ${photo}::bytea as data`);
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect(row.data.equals(photo)).toBe(true);
  });

  it('sends a parameter as its bytes (binary format), not as hex text made byte by byte', () => {
    const bytes = new Uint8Array([0, 1, 255]);
    // PGlite's bind sends an ArrayBuffer view in the binary format; a string would be the slow text path
    expect(serializeBytea(bytes)).toBe(bytes);
    expect(pg.serializers[types.BYTEA]).toBe(serializeBytea);
    expect(pg.parsers[types.BYTEA]).toBe(parseBytea);
  });

  it('refuses what is not bytes, and a value not in the hex format', async () => {
    await expect(pg.query('select $1::bytea', ['not bytes'])).rejects.toThrow('Invalid input for bytea type');
    expect(() => parseBytea('abc')).toThrow('hex format');
    expect(parseBytea('\\x00ff').equals(Buffer.from([0, 255]))).toBe(true);
  });
});

describe('the bytes of media, thumbnails and sounds (migration 0018)', () => {
  it('are stored as they are: out of line, with no compression attempt', async () => {
    const handle = await openMigratedMemoryDatabase();
    try {
      const rows = await queryRows<{ table: string; storage: string }>(
        handle.db,
        sql`select c.relname as "table", a.attstorage as storage from pg_attribute a
            join pg_class c on c.oid = a.attrelid
            where a.attname = 'data' and c.relname in ('media', 'media_thumbs', 'sound_assets') order by 1`,
      );
      // 'e' = EXTERNAL; bytea's default 'x' (EXTENDED) runs pglz over every JPEG and mp3 first
      expect(rows).toEqual([
        { table: 'media', storage: 'e' },
        { table: 'media_thumbs', storage: 'e' },
        { table: 'sound_assets', storage: 'e' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
