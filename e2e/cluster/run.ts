/**
 * The cluster test (issue 23): `npm run cluster`, part of `npm test`. All on loopback, free ports: the shipped
 * nginx site (deploy/nginx/panel.conf, TLS with the test's own CA) in front of two app nodes on one PostgreSQL
 * database of their own and one redis-server of their own. Through nginx over HTTPS, panels (sockets + delta
 * polls) and writers (messages with client uuids) run while
 *   (a) a rolling restart drains node A with SIGTERM and restarts it, then node B;
 *   (b) node B is killed with kill -9 and restarted;
 *   (c) both nodes stop and start together on a new release with one new migration (run once, under the
 *       advisory lock of apps/server/src/db/migrate.ts; the other node waits);
 *   (d) the certificate is renewed and nginx reloaded as an operator does (`nginx -t`, `nginx -s reload`).
 * Then the panel in Chromium over HTTPS (browser.ts). Prints a table per phase and exits 1 when a goal is not
 * met: 0 lost, 0 duplicated, no error a user would see, pushes on the surviving node's sockets throughout
 * (gap ≤ PUSH_GAP_GOAL_S), every panel current within CURRENT_GOAL_S of the fault's end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CHROMIUM_PATH } from '../chromium.js';
import { checkHttpsJourneys } from './browser.js';
import { httpsClient } from './https.js';
import { Panel, Writers, login } from './load.js';
import { NGINX, startNginx } from './nginx.js';
import { installRelease, removeReleases, startClusterNode, type ClusterNode, type Release } from './nodes.js';
import { runPhase, type PhaseResult } from './phases.js';
import { POSTGRES_SERVER, createClusterDatabase, startRedis } from './services.js';
import { issueCertificate, makeCertificates, presentedFingerprint } from './tls.js';
import { freePort, waitFor } from './util.js';

/** `panel_sockets_connected` of the node whose metrics listen on `port` (0 while it does not answer) */
async function socketsConnected(port: number): Promise<number> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    return Number(/^panel_sockets_connected (\d+)$/m.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const PANELS = Number(process.env.CLUSTER_PANELS ?? 8);
const WRITERS = Number(process.env.CLUSTER_WRITERS ?? 3);
const PUSH_GAP_GOAL_S = 3;
/** a panel whose socket is away is current by its next delta poll (the web does not poll on reconnect) */
const CURRENT_GOAL_S = 12;
const MIGRATION_SLEEP_S = 2;

const EXTRA_MIGRATION = {
  tag: '0999_cluster_probe',
  // harmless: a table of its own; the row tells how often it ran, the sleep makes the other node's wait visible
  sql: [
    'CREATE TABLE "cluster_probe" ("id" serial PRIMARY KEY, "note" text NOT NULL, "at" timestamptz DEFAULT clock_timestamp() NOT NULL);',
    `INSERT INTO "cluster_probe" ("note") VALUES ('migrated');`,
    `SELECT pg_sleep(${MIGRATION_SLEEP_S});`,
  ].join('\n--> statement-breakpoint\n'),
};

/**
 * What the run needs besides Node: nginx, redis-server, Chromium and a PostgreSQL server. Missing on a
 * newcomer's machine: skipped with a message (as the journeys skip without Chromium), unless E2E_REQUIRED=1
 * (CI, `.ci/run`, which installs nginx), where it is a failure.
 */
async function missingTools(): Promise<string[]> {
  const missing: string[] = [];
  if (!existsSync(NGINX)) missing.push(`nginx (${NGINX}; apt-get install -y nginx)`);
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
  if (!existsSync(CHROMIUM_PATH)) missing.push(`Chromium (${CHROMIUM_PATH})`);
  const probe = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
  } catch {
    missing.push('PostgreSQL (CLUSTER_DATABASE_URL or DATABASE_URL, else postgres://postgres@127.0.0.1:5432)');
  } finally {
    await probe.end().catch(() => undefined);
  }
  return missing;
}

async function main(): Promise<number> {
  const missing = await missingTools();
  if (missing.length) {
    const message = `cluster test skipped: missing ${missing.join(', ')}`;
    if (process.env.E2E_REQUIRED === '1') {
      console.error(message);
      return 1;
    }
    console.log(message);
    return 0;
  }
  const started = Date.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'panel-cluster-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(tmp, { recursive: true, force: true })];
  const failures: string[] = [];
  const fail = (what: string) => failures.push(what);
  try {
    let certs = makeCertificates(tmp);
    const database = await createClusterDatabase();
    cleanups.unshift(() => database.drop());
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.unshift(() => db.end());
    const redis = await startRedis();
    cleanups.unshift(() => redis.stop());

    const ports: [number, number] = [await freePort(), await freePort()];
    // each node's own metrics port: the run asks every node how many sockets it holds (panel_sockets_connected)
    const metricsPorts: [number, number] = [await freePort(), await freePort()];
    const envOf = (name: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      DATA_DIR: path.join(tmp, `data-${name}`),
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(name === 'A' ? metricsPorts[0] : metricsPorts[1]), // two nodes on one host: two ports
    });
    const v1 = await installRelease('v1');
    cleanups.push(removeReleases);
    const nodes: Record<'A' | 'B', ClusterNode | null> = { A: null, B: null };
    cleanups.unshift(async () => {
      await Promise.all(Object.values(nodes).map((n) => n?.kill9()));
    });
    const start = async (name: 'A' | 'B', release: Release) => {
      nodes[name] = await startClusterNode(name, release, name === 'A' ? ports[0] : ports[1], envOf(name));
      return nodes[name];
    };
    // the first node migrates and seeds the empty database; the second finds it ready
    await start('A', v1);
    await start('B', v1);

    const httpsPort = await freePort();
    const httpPort = await freePort();
    // nginx's workers (nobody, when started as root) need a folder they can enter: not the private temp dir
    const nginxDir = mkdtempSync(path.join(os.tmpdir(), 'panel-cluster-nginx-'));
    cleanups.push(() => rmSync(nginxDir, { recursive: true, force: true }));
    const nginx = await startNginx(nginxDir, {
      nodePorts: ports,
      httpsPort,
      httpPort,
      certFile: certs.certFile,
      keyFile: certs.keyFile,
    });
    cleanups.unshift(() => nginx.stop());
    const base = `https://127.0.0.1:${httpsPort}`;
    const client = httpsClient(base, certs.ca);
    cleanups.unshift(() => client.close());
    console.log(
      `[cluster] nginx ${base} → nodes :${ports[0]} :${ports[1]}; ${nginx.testOutput.trim().split('\n').pop()}`,
    );

    // the site's promises that need no load
    const redirect = await fetch(`http://127.0.0.1:${httpPort}/v2/app?x=1`, { redirect: 'manual' });
    if (redirect.status !== 301 || !redirect.headers.get('location')?.startsWith('https://127.0.0.1/v2/app?x=1')) {
      fail(`HTTP is not redirected to HTTPS: ${redirect.status} ${redirect.headers.get('location')}`);
    }
    const version = await client.call('GET', '/version.json');
    if (version.status !== 200) fail(`/version.json over HTTPS: ${version.status}`);
    if (!String(version.headers['strict-transport-security'] ?? '').includes('max-age=31536000')) {
      fail('no HSTS header over HTTPS');
    }

    // X-Forwarded-For as TRUST_PROXY expects it: the server counts failed logins per client address (20 in 15
    // min, apps/server/src/modules/auth/throttle.ts). One client (its own loopback address) trying 20 unknown
    // names, each with a different forged X-Forwarded-For, is throttled; another client is not.
    const far = httpsClient(base, certs.ca, { localAddress: '127.0.0.50' });
    const near = httpsClient(base, certs.ca, { localAddress: '127.0.0.51' });
    const wrongLogin = (c: typeof far, i: number) =>
      c.call(
        'POST',
        '/v2/auth/login',
        { username: `nikdo${i}`, password: 'spatne-heslo' },
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
    for (let i = 0; i < 20; i++) await wrongLogin(far, i);
    const throttled = (await wrongLogin(far, 20)).status;
    const other = (await wrongLogin(near, 21)).status;
    far.close();
    near.close();
    if (throttled !== 429 || other === 429) {
      fail(`client addresses through nginx: the 21st failure answered ${throttled}, another client ${other}`);
    }

    const writerSession = await login(client, 'dispecer');
    const ev = await db.query<{ id: number; uid: string }>(
      `SELECT e.id, b.uid FROM events e JOIN bases b ON b.id = e.base_id
        JOIN conversations c ON c.event_id = e.id AND c.type = 1
        WHERE e.ended_at IS NULL ORDER BY e.id LIMIT 1`,
    );
    const { id: eventId, uid: baseUid } = ev.rows[0];
    // an upload above nginx's default 1 MB and below the server's 5 MB reaches the server (which judges it)
    const upload = await client.call('POST', `/v2/media/event/${eventId}/big.jpg`, 'x'.repeat(6 * 1024 * 1024), {
      ...writerSession.headers,
      'content-type': 'image/jpeg',
    });
    if (upload.status !== 413 || typeof (upload.body as { message?: unknown })?.message !== 'string') {
      fail(
        `a 6 MB upload did not reach the server's own 413: ${upload.status} ${JSON.stringify(upload.body).slice(0, 80)}`,
      );
    }

    const panels: Panel[] = [];
    cleanups.unshift(async () => {
      await Promise.all(panels.map((p) => p.stop()));
    });
    for (let i = 0; i < PANELS; i++) {
      const panel = new Panel(i, client, base, certs.ca, await login(client, 'dispecer'), baseUid);
      await panel.start();
      panels.push(panel);
    }
    const writers = new Writers(client, writerSession, eventId, WRITERS);
    const ctx = {
      db,
      panels,
      writers,
      passedOn: () => nginx.passedOn(),
      socketsPerNode: () => Promise.all(metricsPorts.map(socketsConnected)),
    };
    const results: PhaseResult[] = [];

    const restart = async (name: 'A' | 'B', how: 'drain' | 'kill9', release: Release) => {
      const node = nodes[name]!;
      if (how === 'drain') {
        const code = await node.drain();
        if (code !== 0) fail(`node ${name} did not drain cleanly (exit ${code})`);
      } else {
        await node.kill9();
        await new Promise((r) => setTimeout(r, 2000)); // a supervisor's restart delay
      }
      await start(name, release);
    };
    results.push(await runPhase('(a) rolling: drain + restart A', ctx, () => restart('A', 'drain', v1)));
    results.push(await runPhase('(a) rolling: drain + restart B', ctx, () => restart('B', 'drain', v1)));
    results.push(await runPhase('(b) kill -9 B + restart', ctx, () => restart('B', 'kill9', v1)));

    const v2 = await installRelease('v2', EXTRA_MIGRATION);
    let both: ClusterNode[] = [];
    results.push(
      await runPhase('(c) both stop, start on v2 + migration', ctx, async () => {
        await Promise.all([nodes.A!.drain(), nodes.B!.drain()]);
        both = await Promise.all([start('A', v2), start('B', v2)]);
      }),
    );
    // a renewed certificate: the operator's `nginx -t` and reload under load; sockets stay on the old workers
    results.push(
      await runPhase('(d) certificate renewed, nginx reload', ctx, async () => {
        certs = issueCertificate(tmp);
        nginx.reload();
        await waitFor(
          async () => (await presentedFingerprint(httpsPort, certs.ca)) === certs.fingerprint,
          10_000,
          'nginx presents the renewed certificate',
        );
      }),
    );

    // the migration ran once, under the lock, and the other node waited for it
    const probe = await db.query<{ n: string; at: Date }>('SELECT count(*) AS n, max(at) AS at FROM cluster_probe');
    const applied = await db.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    const migrationEnd = probe.rows[0].at.getTime() + MIGRATION_SLEEP_S * 1000;
    const waited = both.map(
      (n) => `${n.name} ready ${((n.readyAt - migrationEnd) / 1000).toFixed(1)} s after the migration ended`,
    );
    console.log(
      `[cluster] migration: ran ${probe.rows[0].n}×; migrations table ${applied.rows[0].n} rows; ${waited.join(', ')}`,
    );
    if (probe.rows[0].n !== '1') fail(`the new migration ran ${probe.rows[0].n} times`);
    for (const n of both) {
      if (n.readyAt < migrationEnd - 200) fail(`node ${n.name} was ready before the migration ended`);
    }

    console.log('');
    console.table(results.map((r) => r.row));
    for (const r of results) console.log(`[cluster] ${r.row.phase}: ${r.gapDetail}`);
    for (const r of results) {
      const { row } = r;
      if (row.lost > 0) fail(`${row.phase}: ${row.lost} acknowledged messages lost`);
      if (row.duplicated > 0) fail(`${row.phase}: ${row.duplicated} messages duplicated`);
      if (r.userErrors.length) fail(`${row.phase}: errors a user would see: ${r.userErrors.slice(0, 5).join('; ')}`);
      if (r.currentS === null || r.currentS > CURRENT_GOAL_S) {
        fail(`${row.phase}: panels not current within ${CURRENT_GOAL_S} s`);
      }
      const surviving = !row.phase.startsWith('(c)');
      if (surviving && (r.pushGapS === null || r.pushGapS > PUSH_GAP_GOAL_S)) {
        fail(
          `${row.phase}: push gap on the surviving node's sockets ${row['push gap (s)']} s (goal ≤ ${PUSH_GAP_GOAL_S} s); ${r.gapDetail}`,
        );
        // what the nodes said meanwhile (their last output lines that speak of a failure)
        for (const node of [nodes.A, nodes.B]) {
          const said = (node?.output() ?? '').split('\n').filter((l) => /error|fail|warn|unavailable/i.test(l));
          console.error(`[cluster] node ${node?.name ?? '?'}: ${said.slice(-15).join('\n  ') || 'no failure logged'}`);
        }
      }
    }
    const errors = nginx
      .errorLog()
      .split('\n')
      .filter((l) => /\[(emerg|alert|crit)\]/.test(l));
    if (errors.length) fail(`nginx: ${errors.slice(0, 3).join(' | ')}`);

    if (process.env.CLUSTER_BROWSER !== '0') {
      const journey = await checkHttpsJourneys({ base, spki: certs.spki, plainPort: nodes.A!.port, db, client });
      for (const f of journey) fail(`browser: ${f}`);
    }
  } catch (error) {
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    for (const c of cleanups) {
      await Promise.resolve(c()).catch((e: Error) => console.warn(`[cluster] clean-up: ${e.message}`));
    }
  }
  console.log(`[cluster] ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length) {
    console.error(`[cluster] FAILED:\n- ${failures.join('\n- ')}`);
    return 1;
  }
  console.log('[cluster] all goals met: 0 lost, 0 duplicated, no error a user would see, pushes throughout');
  return 0;
}

process.exitCode = await main();
