/**
 * The template of a new embedded cluster: what PGlite's initdb makes, kept once per installation so the next new
 * data directory is unpacked from it (~0.7 s) instead of running initdb again (~5 s on a 2-core machine) — the
 * same idea as PostgreSQL's own `template1`. A first start (startup/firstStartChild.ts) uses it; migrations and
 * the seed then run as on any new cluster, so nothing of one database reaches another.
 *
 * It lies under the installation's `node_modules/.cache/panel` (the install owner's, not a shared temp folder),
 * named by PGlite's version and the server settings the cluster is made with: an upgrade of either makes a new
 * one. It is only ever a speed-up: a missing or unreadable one means initdb as before; a damaged one (its checksum
 * does not match, or PGlite refuses it) is removed and the cluster is made anew.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from './client.js';
import { EMBEDDED_POSTGRESQL_CONF, type EmbeddedClient } from './embedded.js';

/** apps/server/src/db or apps/server/dist/db → the installation's node_modules */
const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../node_modules/.cache/panel');

/** PGlite's package version, read from its package.json (the package exports no version). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The template's file for this PGlite and these settings. */
export function clusterTemplateFile(cacheDir = CACHE_DIR): string {
  const key = createHash('sha256').update(pgliteVersion()).update(EMBEDDED_POSTGRESQL_CONF.join('\n')).digest('hex');
  return path.join(cacheDir, `pglite-cluster-${key.slice(0, 16)}.tar`);
}

/**
 * The file holds the tar's sha256 (64 hex digits and a newline) before the tar: a damaged template is known before
 * PGlite sees it. PGlite takes a tar it cannot read for a gzip and leaves that attempt's failure unhandled, which
 * would end the first start's process.
 */
const SUM_LENGTH = 65;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The template, or undefined when there is none yet, it cannot be read, or it is not whole (then it is dropped). */
export async function readClusterTemplate(file = clusterTemplateFile()): Promise<Blob | undefined> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return undefined;
  }
  const tar = data.subarray(SUM_LENGTH);
  if (data.subarray(0, SUM_LENGTH).toString('latin1') !== `${sha256(tar)}\n`) {
    dropClusterTemplate(file);
    return undefined;
  }
  return new Blob([tar], { type: 'application/x-tar' });
}

/**
 * Keeps `client`'s cluster as the template; call it on a cluster initdb has just made, before anything is written
 * to it. Written to a side file and renamed, so a reader never meets half of one; a failure only costs the speed-up.
 */
export async function keepClusterTemplate(client: EmbeddedClient, file = clusterTemplateFile()): Promise<void> {
  const image = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  const side = `${file}.${process.pid}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(side, Buffer.concat([Buffer.from(`${sha256(image)}\n`, 'latin1'), image]));
    renameSync(side, file);
  } catch {
    rmSync(side, { force: true });
  }
}

/** Removes a template that did not load (a damaged file), so the next first start makes a good one. */
function dropClusterTemplate(file = clusterTemplateFile()): void {
  rmSync(file, { force: true });
}

/**
 * Opens the new embedded cluster of `dataDir` (one `embeddedNeedsInit` says is still to be made): unpacked from
 * the template when there is one, else made by initdb and then kept as the template for the next.
 */
export async function openNewEmbedded(dataDir: string, file = clusterTemplateFile()): Promise<DatabaseHandle> {
  const template = await readClusterTemplate(file);
  if (template) {
    try {
      return await openDatabase({ dataDir, image: template });
    } catch {
      // a damaged template: away with it and with what it left in the directory, then initdb as without one
      dropClusterTemplate(file);
      rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    }
  }
  const handle = await openDatabase({ dataDir });
  await keepClusterTemplate(handle.client as EmbeddedClient, file).catch(() => undefined);
  return handle;
}
