/**
 * The new-cluster template (clusterTemplate.ts): without one, or with a damaged one (dropped), a new cluster is made
 * by initdb and kept as the template; the next is unpacked from it (shown by a table the test put into it), on
 * files of its own. One initdb only: the damaged case takes the missing one's path after the drop.
 */
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test/tempDirs.js';
import { embeddedNeedsInit, queryRows, type DatabaseHandle } from './client.js';
import { clusterTemplateFile, keepClusterTemplate, openNewEmbedded, readClusterTemplate } from './clusterTemplate.js';

const tempDir = useTempDirs();

const tables = async (handle: DatabaseHandle) =>
  (
    await queryRows<{ name: string }>(
      handle.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).map((t) => t.name);

describe('new embedded cluster template', () => {
  it('a damaged template is replaced, the cluster made by initdb; the next is unpacked from the template', async () => {
    const file = clusterTemplateFile(tempDir('panel-template-cache-'));
    expect(path.basename(file)).toMatch(/^pglite-cluster-[0-9a-f]{16}\.tar$/);
    expect(await readClusterTemplate(file)).toBeUndefined(); // none yet: initdb, as below

    // a damaged template (zeros where a tar was): known by its checksum and removed, initdb makes the cluster,
    // and the fresh cluster is kept as the template
    writeFileSync(file, Buffer.alloc(4096));
    const first = tempDir('panel-template-a-');
    const a = await openNewEmbedded(first, file);
    expect(embeddedNeedsInit(first)).toBe(false);
    expect(await tables(a)).toEqual([]);
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
    await b.close();
  }, 120_000);
});
