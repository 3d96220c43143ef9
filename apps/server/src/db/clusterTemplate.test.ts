/**
 * The new-cluster template (clusterTemplate.ts): the first new cluster is made by initdb and kept; the next is
 * unpacked from the template (shown by a table the test put into it), each on its own files; a damaged template is
 * dropped, the cluster made by initdb all the same, and a good template written in its place.
 */
import { statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test/tempDirs.js';
import { embeddedNeedsInit, queryRows, type DatabaseHandle } from './client.js';
import { clusterTemplateFile, keepClusterTemplate, openNewEmbedded } from './clusterTemplate.js';

const tempDir = useTempDirs();

const tables = async (handle: DatabaseHandle) =>
  (
    await queryRows<{ name: string }>(
      handle.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).map((t) => t.name);

describe('new embedded cluster template', () => {
  it('initdb once, then unpacked from the template; a damaged template is replaced, the cluster still made', async () => {
    const file = clusterTemplateFile(tempDir('panel-template-cache-'));
    expect(path.basename(file)).toMatch(/^pglite-cluster-[0-9a-f]{16}\.tar$/);

    // no template yet: initdb, and the fresh cluster becomes the template
    const first = tempDir('panel-template-a-');
    const a = await openNewEmbedded(first, file);
    expect(embeddedNeedsInit(first)).toBe(false);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
    // a template with a mark of its own, to see that the next cluster comes from it
    await a.db.execute(sql`create table template_mark (id int)`);
    await keepClusterTemplate(a.client as PGlite, file);
    await a.db.execute(sql`create table only_in_a (id int)`);
    expect(await tables(a)).toEqual(['only_in_a', 'template_mark']);
    await a.close();

    const second = tempDir('panel-template-b-');
    const b = await openNewEmbedded(second, file);
    expect(await tables(b)).toEqual(['template_mark']); // from the template, not from a's later files
    await b.db.execute(sql`create table only_in_b (id int)`);
    await b.close();

    // a damaged template: removed, initdb makes the cluster, a good template is kept again
    truncateSync(file, 4096);
    const third = tempDir('panel-template-c-');
    const c = await openNewEmbedded(third, file);
    expect(await tables(c)).toEqual([]);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
    await c.close();
  }, 120_000);
});
