/**
 * The backup drill (issue 23 item 7), with real server processes and the real commands
 * (`node --import tsx apps/server/src/cli/{backup,restore}.ts`, what `npm run backup|restore` runs):
 *
 * a server with demo data → writers keep sending messages (each with its client uuid, retried until a 2xx, as
 * the panel's outbox does) → `backup` runs **under that load** → the uuids acknowledged before it began are
 * recorded → the server stops → `restore` into a fresh DATA_DIR / an empty database → a server starts on it,
 * answers logins and sync → every message acknowledged before the backup began is there, by uuid.
 * Around it: restore refuses a target that holds a database (without --force) and changes nothing; a damaged
 * or foreign file is refused with a clear message and changes nothing; `--force` keeps the old database.
 *
 * PGlite always; PostgreSQL with DATABASE_URL (own databases, dropped after; skipped with a message without it).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedded } from '../db/embedded.js';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase.js';
import { loginOn, post, stopNode, type NodeSession, type ServerNode } from '../test/serverNodes.js';
import { runBackupCli as cli } from '../test/backupCli.js';
import { startServer } from '../test/serverProcess.js';
import { useTempDirs } from '../test/tempDirs.js';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.log('DATABASE_URL not set: the PostgreSQL backup drill is skipped');

const tempDir = useTempDirs();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const serverEnv = (env: Record<string, string>) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  REDIS_URL: '',
  SEED: 'demo',
  ENVIRONMENT: 'test',
  SIMULATE: '0',
  LOG_LEVEL: 'warn',
  ...env,
});

/** Writers that send messages like the panel's outbox: a uuid is retried until a 2xx; acks are timestamped. */
class WriteLoad {
  readonly acked = new Map<string, number>();
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly node: ServerNode,
    private readonly session: NodeSession,
    private readonly eventId: number,
  ) {}

  start(writers = 3): void {
    this.running = true;
    for (let i = 0; i < writers; i++) this.loops.push(this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const uuid = randomUUID();
      while (this.running) {
        const status = await post(
          `${this.node.url}/v2/messages`,
          { uuid, eventId: this.eventId, content: `drill ${uuid}`, messageCategoryId: 1, type: 'X03' },
          this.session.headers,
        ).then(
          (r) => r.status,
          () => 0,
        );
        if (status >= 200 && status < 300) {
          this.acked.set(uuid, Date.now());
          break;
        }
        await sleep(50);
      }
    }
  }
}

/** An event the writer may post to: the first of the dispatcher's full sync that accepts a message. */
async function writableEvent(node: ServerNode, session: NodeSession): Promise<number> {
  const sync = await post(`${node.url}/v2/app`, { uid: null }, session.headers);
  expect(sync.status).toBe(200);
  for (const event of sync.body.events as { id: number }[]) {
    const probe = await post(
      `${node.url}/v2/messages`,
      { uuid: randomUUID(), eventId: event.id, content: 'drill probe', messageCategoryId: 1, type: 'X03' },
      session.headers,
    );
    if (probe.status === 201) return event.id;
  }
  throw new Error('no event accepts a message');
}

interface Drill {
  before: string[];
  duringBackup: number;
  backupFile: string;
  backupOut: string;
}

/** Starts a server, writes, backs up under the load, stops it. */
async function backupUnderLoad(env: Record<string, string>, outDir: string): Promise<Drill> {
  const node = await startServer(serverEnv(env));
  try {
    const session = await loginOn(node, 'dispecer');
    const load = new WriteLoad(node, session, await writableEvent(node, session));
    load.start();
    // steady writing first (a fresh server renders its tones meanwhile: the first writes are slow)
    for (const deadline = Date.now() + 60_000; load.acked.size < 20 && Date.now() < deadline;) await sleep(100);
    const began = Date.now();
    const before = [...load.acked.keys()];
    const run = await cli('backup', ['--out', outDir], env);
    const ended = Date.now();
    await sleep(500);
    await load.stop();
    expect(run.code, run.out).toBe(0);
    const duringBackup = [...load.acked.values()].filter((t) => t >= began && t <= ended).length;
    const files = readdirSync(outDir).filter((f) => /^panel-\d{8}-\d{6}\.(tar\.gz|dump)$/.test(f));
    expect(files).toHaveLength(1);
    return { before, duringBackup, backupFile: path.join(outDir, files[0]), backupOut: run.out };
  } finally {
    await stopNode(node);
  }
}

/** A server on the restored database answers a login and a full sync with the demo's events. */
async function checkRestoredServer(env: Record<string, string>): Promise<void> {
  const node = await startServer(serverEnv(env));
  try {
    const session = await loginOn(node, 'dispecer');
    const sync = await post(`${node.url}/v2/app`, { uid: null }, session.headers);
    expect(sync.status).toBe(200);
    expect((sync.body.events as unknown[]).length).toBeGreaterThan(0);
    expect(node.output()).not.toMatch(/Do prázdné databáze byla nahrána demo data/); // restored, not seeded anew
  } finally {
    await stopNode(node);
  }
}

describe('backup drill: PGlite (embedded)', () => {
  const root = tempDir('panel-drill-pglite-');
  const source = path.join(root, 'source');
  const target = path.join(root, 'restored');
  let drill: Drill;

  beforeAll(async () => {
    drill = await backupUnderLoad({ DATA_DIR: source, WEB_DIST: path.join(root, 'no-web') }, path.join(root, 'out'));
  }, 240_000);

  it('the running server made the backup while messages were being acknowledged', () => {
    expect(drill.backupOut).toMatch(/Záloha vestavěné databáze .* hotova: .*\n.*vytvořil ji běžící server/);
    expect(drill.before.length).toBeGreaterThanOrEqual(20);
    expect(drill.duringBackup).toBeGreaterThan(0);
    expect(statSync(drill.backupFile).mode & 0o777).toBe(0o600);
  });

  it('a damaged or foreign file is refused and creates no database', async () => {
    const truncated = path.join(root, 'damaged.tar.gz');
    copyFileSync(drill.backupFile, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 2));
    const foreign = path.join(root, 'foreign.bin');
    writeFileSync(foreign, 'not a backup');
    for (const [file, message] of [
      [truncated, /není čitelná záloha vestavěné databáze/],
      [foreign, /není záloha Panelu/],
    ] as const) {
      const run = await cli('restore', [file], { DATA_DIR: target });
      expect(run.code, run.out).toBe(1);
      expect(run.out).toMatch(message);
      expect(existsSync(path.join(target, 'pglite'))).toBe(false);
    }
  }, 120_000);

  it('restored into a fresh DATA_DIR, a server starts on it and every message acknowledged before the backup is there', async () => {
    const run = await cli('restore', [drill.backupFile], { DATA_DIR: target });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/Obnoveno do /);
    await checkRestoredServer({ DATA_DIR: target, WEB_DIST: path.join(root, 'no-web') });
    const db = await createEmbedded(path.join(target, 'pglite'));
    try {
      const found = await db.query<{ uuid: string }>('select uuid from messages where uuid = any($1::text[])', [
        drill.before,
      ]);
      expect(new Set(found.rows.map((r) => r.uuid))).toEqual(new Set(drill.before));
    } finally {
      await db.close();
    }
  }, 180_000);

  it('refuses a DATA_DIR that holds a database without --force; with --force keeps the old one aside', async () => {
    const refused = await cli('restore', [drill.backupFile], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/už databáze je.*--force/);
    expect(readdirSync(target).filter((f) => f.startsWith('pglite'))).toEqual(['pglite']);

    const forced = await cli('restore', ['--force', drill.backupFile], { DATA_DIR: target });
    expect(forced.code, forced.out).toBe(0);
    const aside = readdirSync(target).filter((f) => f.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(path.join(target, aside[0], 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(target, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});

describe.skipIf(!DATABASE_URL)('backup drill: PostgreSQL', () => {
  const root = tempDir('panel-drill-pg-');
  // trust authentication on the test server ignores it; it must still never be printed
  const PASSWORD = 'Tajne-heslo-7q';
  let source: ScratchDatabase;
  let empty: ScratchDatabase;
  let drill: Drill;
  const withPassword = (url: string) => {
    const u = new URL(url);
    u.password = PASSWORD;
    return u.toString();
  };
  const env = (db: ScratchDatabase) => ({ DATABASE_URL: withPassword(db.url), DATA_DIR: path.join(root, 'data') });

  beforeAll(async () => {
    source = await createScratchDatabase(DATABASE_URL!, 'panel_drill_src');
    empty = await createScratchDatabase(DATABASE_URL!, 'panel_drill_dst');
    drill = await backupUnderLoad({ ...env(source), WEB_DIST: path.join(root, 'no-web') }, path.join(root, 'out'));
  }, 240_000);

  afterAll(async () => {
    await source?.drop();
    await empty?.drop();
  });

  const tables = async (db: ScratchDatabase) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const res = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname = 'public'");
      return Number(res.rows[0].n);
    } finally {
      await client.end();
    }
  };

  it('pg_dump made the backup while messages were being acknowledged; the password is printed nowhere', () => {
    expect(drill.backupOut).toMatch(/Záloha PostgreSQL .* hotova: .*\.dump/);
    expect(drill.backupOut).not.toContain(PASSWORD);
    expect(drill.before.length).toBeGreaterThanOrEqual(20);
    expect(drill.duringBackup).toBeGreaterThan(0);
  });

  it('a damaged or foreign file is refused and the empty database stays empty', async () => {
    const truncated = path.join(root, 'damaged.dump');
    copyFileSync(drill.backupFile, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 2));
    const foreign = path.join(root, 'foreign.bin');
    writeFileSync(foreign, 'PGDMP but not really');
    for (const file of [truncated, foreign]) {
      const run = await cli('restore', [file], env(empty));
      expect(run.code, run.out).toBe(1);
      expect(run.out).toMatch(/(není čitelná záloha PostgreSQL|pg_restore selhal)/);
      expect(run.out).not.toContain(PASSWORD);
    }
    expect(await tables(empty)).toBe(0);
  }, 60_000);

  it('restored into an empty database, a server starts on it and every message acknowledged before the backup is there', async () => {
    const run = await cli('restore', [drill.backupFile], env(empty));
    expect(run.code, run.out).toBe(0);
    expect(run.out).not.toContain(PASSWORD);
    await checkRestoredServer({ ...env(empty), WEB_DIST: path.join(root, 'no-web') });
    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    try {
      const found = await client.query<{ uuid: string }>('select uuid from messages where uuid = any($1::text[])', [
        drill.before,
      ]);
      expect(new Set(found.rows.map((r) => r.uuid))).toEqual(new Set(drill.before));
    } finally {
      await client.end();
    }
  }, 180_000);

  it('refuses a database that has tables without --force, and says when pg_restore is missing', async () => {
    const refused = await cli('restore', [drill.backupFile], env(empty));
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/není prázdná .*--force/);
    expect(refused.out).not.toContain(PASSWORD);

    const missing = await cli('backup', ['--out', path.join(root, 'out2')], { ...env(empty), PATH: '/nonexistent' });
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/Program pg_dump nenalezen.*postgresql-client/);
  }, 60_000);
});
