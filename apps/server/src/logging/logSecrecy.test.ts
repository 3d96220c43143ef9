/**
 * Quiet, safe logs (issue 23): a real server process in production mode at LOG_LEVEL=info is given every kind of
 * secret — ADMIN_PASSWORD, a wrong password, a session's bearer token and instance id, a tracker secret in the
 * ingest path, as `?key=` and in Traccar's path, a password change (old and new), METRICS_TOKEN (right and
 * wrong), and with DATABASE_URL set a throw-away PostgreSQL role's password in the connection string — and its
 * whole stdout+stderr must contain none of them. Tracker reports and delta polls add no log line; the start
 * banner is there; the metrics listener on its own port answers and the main port's /metrics wants the token.
 * A second start without ADMIN_PASSWORD prints the generated password exactly once, on stdout, not as a log line.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startServer, type ServerProcess } from '../test/serverProcess.js';
import { freePort } from '../test/localServices.js';
import { useTempDirs } from '../test/tempDirs.js';
import { withDatabase } from '../test/scratchDatabase.js';

const tempDir = useTempDirs();
const REPORTS = 20;
const POLLS = 20;

/** a throw-away role with a password and a database it owns, on the server of `serverUrl` */
async function throwAwayDatabase(serverUrl: string) {
  const name = `panel_logs_${randomBytes(5).toString('hex')}`;
  const password = `pg-${randomBytes(12).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create role ${name} login password '${password}'`);
  await admin.query(`create database ${name} owner ${name}`);
  const url = new URL(withDatabase(serverUrl, name));
  url.username = name;
  url.password = password;
  return {
    url: url.toString(),
    password,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.query(`drop role if exists ${name}`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

describe('log secrecy (server process, production, LOG_LEVEL=info)', () => {
  const adminPassword = `Admin-${randomBytes(9).toString('hex')}`;
  const newPassword = `Nove-${randomBytes(9).toString('hex')}`;
  const metricsToken = `mt-${randomBytes(16).toString('hex')}`;
  const wrongPassword = `Spatne-${randomBytes(6).toString('hex')}`;
  const secrets: Record<string, string> = { adminPassword, newPassword, metricsToken, wrongPassword };
  let server: ServerProcess;
  let metricsPort: number;
  let database: Awaited<ReturnType<typeof throwAwayDatabase>> | null = null;
  let socket: Socket | null = null;

  beforeAll(async () => {
    metricsPort = await freePort();
    if (process.env.DATABASE_URL) {
      database = await throwAwayDatabase(process.env.DATABASE_URL);
      secrets.databasePassword = database.password;
    } else {
      console.warn('DATABASE_URL unset: the connection-string password is not part of this run (embedded PGlite)');
    }
    server = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      ENVIRONMENT: 'production',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: adminPassword,
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: metricsToken,
      DATA_DIR: tempDir('panel-logs-'),
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      MAP_LAYERS: '{}',
    });
  }, 120_000);
  afterAll(async () => {
    socket?.disconnect();
    await server?.stop();
    await database?.drop();
  });

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const lines = () => server.output().split('\n').filter(Boolean);

  it('uses every kind of secret, and none of them reaches the log', async () => {
    // a wrong password, then the right one (ADMIN_PASSWORD)
    const refused = await call(
      'POST',
      '/v2/auth/login',
      { 'app-code': 'panel' },
      { username: 'admin', password: wrongPassword },
    );
    expect(refused.status).toBe(401);
    const loggedIn = await call(
      'POST',
      '/v2/auth/login',
      { 'app-code': 'panel' },
      { username: 'admin', password: adminPassword },
    );
    expect(loggedIn.status).toBe(200);
    const login = (await loggedIn.json()) as {
      message: string;
      instance: string;
      device: { id: number; code: string };
    };
    secrets.token = login.message;
    secrets.instance = login.instance;
    const headers = { authorization: `Bearer ${login.message}`, 'app-code': 'panel', 'app-instance': login.instance };
    expect((await call('POST', '/v2/auth/device', headers, { deviceId: login.device.id })).status).toBe(200);

    // a socket with the session's credentials
    socket = io(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: login.message, instance: login.instance, appCode: 'panel' },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });

    // a tracker secret for the administrator's device, used in the path, as ?key= and in Traccar's path
    const created = await call('POST', `/v2/positions/trackers/${login.device.id}/secret`, headers, {});
    expect(created.status).toBe(200);
    const { secret } = (await created.json()) as { secret: string };
    secrets.trackerSecret = secret;
    const report = (i: number, how: 'path' | 'key' | 'traccar' = 'path') => {
      const q = `id=${login.device.code}&lat=${50 + i / 1000}&lon=14.4&accuracy=10&timestamp=${Math.floor(Date.now() / 1000) - REPORTS + i}`;
      if (how === 'key') return call('GET', `/v2/positions/osmand?${q}&key=${secret}`);
      if (how === 'traccar') {
        const position = { latitude: 50.2, longitude: 14.5, fixTime: new Date().toISOString(), accuracy: 10 };
        return call(
          'POST',
          `/v2/positions/traccar/${secret}`,
          {},
          { position, device: { uniqueId: login.device.code } },
        );
      }
      return call('GET', `/v2/positions/osmand/${secret}?${q}`);
    };
    expect((await report(0)).status).toBe(200);
    expect((await report(1, 'key')).status).toBe(200);
    expect((await report(2, 'traccar')).status).toBeLessThan(500);
    // a report with a wrong secret (401) and one that breaks the server's rules stay quiet too
    expect((await call('GET', `/v2/positions/osmand/${'x'.repeat(24)}?id=a&lat=50&lon=14`)).status).toBe(401);

    // a password change, old and new password in the body; a wrong old password too
    const wrongOld = await call('PUT', '/v3/user/change-password', headers, {
      oldPassword: wrongPassword,
      newPassword,
    });
    expect(wrongOld.status).toBe(422);
    const changed = await call('PUT', '/v3/user/change-password', headers, { oldPassword: adminPassword, newPassword });
    expect(changed.status).toBe(200);

    // metrics: the main port with a wrong and the right token; the loopback listener without one
    expect((await call('GET', '/metrics', { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const scrape = await call('GET', '/metrics', { authorization: `Bearer ${metricsToken}` });
    expect(scrape.status).toBe(200);
    // the positions' push goes out after their batch commits (write-behind, at most a push a second): scrape until
    // it is counted, at most 5 s
    const invalidated = /^panel_pushes_total\{kind="invalidate"\} [1-9]/m;
    let text = '';
    for (let i = 0; i < 50 && !invalidated.test(text); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(own.status).toBe(200);
      text = await own.text();
    }
    expect(text).toMatch(/^panel_sockets_connected 1$/m);
    expect(text).toMatch(/^panel_database_up 1$/m);
    expect(text).toMatch(/^panel_login_failures_total 1$/m);
    expect(text).toMatch(/^panel_positions_total\{outcome="accepted",reason=""\} [1-9]/m);
    expect(text).toMatch(/^panel_pushes_total\{kind="invalidate"\} [1-9]/m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]/m);
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);

    // a server error's context and a logout still say nothing secret
    expect((await call('POST', '/v2/auth/logout', headers)).status).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 500)); // the last lines are written

    const log = server.output();
    expect(log).toContain('Panel běží na http://127.0.0.1:'); // the banner
    for (const [what, value] of Object.entries(secrets)) {
      expect(log.includes(value), `${what} is in the log`).toBe(false);
    }
    expect(log).toMatch(/"url":"\/v2\/auth\/login"/); // request lines are there, only without secrets
  });

  it('tracker reports and delta polls add no log line', async () => {
    const loggedIn = await call(
      'POST',
      '/v2/auth/login',
      { 'app-code': 'panel' },
      { username: 'admin', password: newPassword },
    );
    const login = (await loggedIn.json()) as {
      message: string;
      instance: string;
      device: { id: number; code: string };
    };
    const headers = { authorization: `Bearer ${login.message}`, 'app-code': 'panel', 'app-instance': login.instance };
    expect((await call('POST', '/v2/auth/device', headers, { deviceId: login.device.id })).status).toBe(200);
    let uid = ((await (await call('POST', '/v2/app', headers, { uid: null })).json()) as { uid: string }).uid;
    await new Promise((r) => setTimeout(r, 300));
    const before = lines().length;
    for (let i = 0; i < Math.max(REPORTS, POLLS); i++) {
      if (i < REPORTS) {
        const q = `id=${login.device.code}&lat=${50.3 + i / 1000}&lon=14.4&accuracy=10&timestamp=${Math.floor(Date.now() / 1000) - REPORTS + i}`;
        expect((await call('GET', `/v2/positions/osmand/${secretsOf().trackerSecret}?${q}`)).status).toBe(200);
      }
      if (i < POLLS) {
        const res = await call('POST', '/v2/app', headers, { uid });
        expect(res.status).toBe(200);
        uid = ((await res.json()) as { uid: string }).uid;
      }
    }
    await new Promise((r) => setTimeout(r, 1500)); // the write-behind batches are written
    expect(lines().slice(before)).toEqual([]);
  });

  const secretsOf = () => secrets;
});

describe('first start without ADMIN_PASSWORD', () => {
  it('prints the generated password once, on stdout, never as a log line', async () => {
    const server = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      ENVIRONMENT: 'production',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: '',
      DATA_DIR: tempDir('panel-logs-first-'),
      DATABASE_URL: '',
      REDIS_URL: '',
      MAP_LAYERS: '{}',
    });
    try {
      // the banner (one console.log on stdout, which startServer waits for) carries it
      const output = server.output();
      const match = /Jednorázové heslo správce admin: (\S+)/.exec(output);
      expect(match).not.toBeNull();
      const password = match![1];
      const login = await fetch(`${server.url}/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-code': 'panel' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const all = server.output();
      expect(all.split(password).length - 1).toBe(1); // once
      const line = all.split('\n').find((l) => l.includes(password))!;
      expect(line).toBe(`Jednorázové heslo správce admin: ${password}`); // the banner's own line, not pino's JSON
    } finally {
      await server.stop();
    }
  }, 120_000);
});
