/**
 * Receipts benchmark (issue 25 item 1): panels receiving one dispatcher message per round, every panel pulling
 * its delta after each message — with receipts off (nobody reports), on with a POST /v2/receipts of each panel
 * after its pull (what features/receipts sends after a second's batch), and on riding in the body of the next
 * pull (POST /v2/app `receipts`, what the panel does when a pull comes before its batch is sent), and on sent on
 * each panel's socket with an acknowledgement (event `receipts`, what a panel holding a socket does). Prints the
 * delta throughput as a ratio of GET /version.json measured in the same run (goal ≥ 0.5 with receipts on), the
 * receipt write rate (rows the server wrote, read back through the per-device lists), and the server's RSS.
 * Prints figures; not a test. Run: `npm run bench:receipts -w bench`.
 *
 *   BENCH_PANELS=1000       panels (the scale; on a loaded two-core machine use e.g. 200)
 *   BENCH_CONCURRENCY=32    requests in flight at once
 *   BENCH_SECONDS=10        length of each phase (in total over its slices)
 *   BENCH_SLICES=5          the phases run interleaved in this many slices (load from others hits all alike)
 *
 * Every panel has a device of its own, on the two bases the message's event is addressed to (PHA and NYM), so
 * every receipt counts in the summaries: the writer's worst case. The devices are BENCH-ONLY rows written into the
 * database (the panel has no call that makes a device: they come from the register), each assigned to the demo
 * user whose panel confirms it; the panels then log in for real and confirm their own (lib/logins.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { bases, devices, userDevices, users } from '../apps/server/src/db/schema/index.js';
import { panelHeaders, procSample, request, startNode, stopNode, type NodeEnv } from './lib/fleet.js';
import { BENCH_USERS, logInPanels } from './lib/logins.js';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { RECEIPTS_SOCKET_EVENT } from '@panel/domain/receipts';
import { panelLogin, type BenchSession } from './lib/http.js';

const panelsCount = Number(process.env.BENCH_PANELS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const slices = Number(process.env.BENCH_SLICES ?? 5);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

interface Panel {
  session: BenchSession;
  headers: Record<string, string>;
  /** its socket, opened for the socket phase */
  socket?: Socket;
  uid: string | null;
  /** receipts waiting to ride on the next pull */
  waiting: { kind: 'message'; id: number; state: 'delivered' }[];
}

/** Device code of panel i (lib/logins.ts deviceCode). */
const benchDevice = (i: number) => `BENCH-${i}`;

/**
 * Writes `count` bench devices on the event's bases, device i assigned to the user of panel i (BENCH_USERS in
 * turn), so that user's login offers it (the server is stopped).
 */
async function ownDevices(env: NodeEnv, count: number): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.databaseUrl || undefined, dataDir: env.dataDir });
  try {
    const db = handle.db;
    const baseIds = (
      await db
        .select()
        .from(bases)
        .where(inArray(bases.code, ['PHA', 'NYM']))
    ).map((b) => b.id);
    const made = await db
      .insert(devices)
      .values(
        Array.from({ length: count }, (_, i) => ({
          code: benchDevice(i),
          name: `Panel ${i}`,
          baseId: baseIds[i % baseIds.length],
        })),
      )
      .returning({ id: devices.id });
    const people = new Map(
      (
        await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.username, BENCH_USERS))
      ).map((u) => [u.username, u.id]),
    );
    const links = made.map((d, i) => ({ userId: people.get(BENCH_USERS[i % BENCH_USERS.length])!, deviceId: d.id }));
    for (let i = 0; i < links.length; i += 1000) await db.insert(userDevices).values(links.slice(i, i + 1000));
  } finally {
    await handle.close();
  }
}

async function poll(url: string, panel: Panel): Promise<{ ms: number; messages: number[] }> {
  const t = performance.now();
  const receipts = panel.waiting;
  panel.waiting = [];
  const res = await request(agent, `${url}/v2/app`, {
    method: 'POST',
    headers: panel.headers,
    body: JSON.stringify(receipts.length > 0 ? { uid: panel.uid, receipts } : { uid: panel.uid }),
  });
  if (res.status !== 200) throw new Error(`POST /v2/app: ${res.status} ${res.body.toString().slice(0, 200)}`);
  const body = JSON.parse(res.body.toString()) as { uid: string; messages?: { id: number }[] };
  panel.uid = body.uid;
  return { ms: performance.now() - t, messages: (body.messages ?? []).map((m) => m.id) };
}

/**
 * Every panel pulls once (as after a push); then each reports what its delta carried: 'post' in a
 * POST /v2/receipts of its own, 'ride' in the body of its next pull, 'off' not at all.
 */
type Mode = 'off' | 'post' | 'ride' | 'socket';
async function round(url: string, panels: Panel[], mode: Mode): Promise<{ polls: number; reports: number }> {
  const queue = [...panels];
  let polls = 0;
  let reports = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        const { messages } = await poll(url, p);
        polls++;
        if (mode === 'off' || messages.length === 0) continue;
        const items = messages.slice(-50).map((id) => ({ kind: 'message' as const, id, state: 'delivered' as const }));
        reports++;
        if (mode === 'ride') {
          p.waiting = items;
          continue;
        }
        if (mode === 'socket') {
          const ack = (await p.socket!.timeout(10_000).emitWithAck(RECEIPTS_SOCKET_EVENT, { items, via: 'push' })) as {
            ok: boolean;
          };
          if (!ack.ok) throw new Error('receipts on the socket refused');
          continue;
        }
        const res = await request(agent, `${url}/v2/receipts`, {
          method: 'POST',
          headers: p.headers,
          body: JSON.stringify({ items, via: 'poll' }),
        });
        if (res.status !== 200) throw new Error(`POST /v2/receipts: ${res.status} ${res.body.toString()}`);
      }
    }),
  );
  return { polls, reports };
}

interface Phase {
  count: number;
  ms: number;
  reports: number;
  messages: number[];
  rssMb: number;
}
const phase = (): Phase => ({ count: 0, ms: 0, reports: 0, messages: [], rssMb: 0 });

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-receipts-bench-'));
  const env: NodeEnv = { dataDir, databaseUrl: '' };
  let server = await startNode(env);
  const port = Number(new URL(server.url).port);
  await stopNode(server);
  await ownDevices(env, panelsCount);
  server = await startNode(env, port);
  const url = server.url;
  const seeded = await logInPanels(url, panelsCount, { label: 'receipts', deviceCode: benchDevice });
  const pid = server.child.pid!;
  let panels: Panel[] = [];
  try {
    console.log(`receipts bench: ${panelsCount} panels (own devices), ${concurrency} in flight, ${seconds} s phases`);
    panels = seeded.map((s) => ({ session: s, headers: panelHeaders(s), uid: null, waiting: [] }));
    // every panel holds its socket, as the web does (receipts are sent on it in the socket phase)
    await Promise.all(
      panels.map(
        (p) =>
          new Promise<void>((resolve, reject) => {
            p.socket = connectSocket(url, {
              path: '/socket.io',
              auth: { token: p.session.token, instance: p.session.instance, appCode: 'panel' },
              transports: ['websocket'],
              forceNew: true,
            });
            p.socket.once('connect', () => resolve());
            p.socket.once('connect_error', reject);
          }),
      ),
    );
    await round(url, panels, 'off'); // full bundles: every panel holds a uid
    const writer = await panelLogin(url, 'dispecer');
    const admin = await panelLogin(url, 'admin');
    const fire = (
      JSON.parse(
        (
          await request(agent, `${url}/v2/app`, {
            method: 'POST',
            headers: { ...writer.headers, 'content-type': 'application/json' },
            body: '{"uid":null}',
          })
        ).body.toString(),
      ) as { events: { id: number; code: string }[] }
    ).events.find((e) => e.code === 'PHA-2025-0412')!;

    const send = async (into: Phase) => {
      const res = await request(agent, `${url}/v2/messages`, {
        method: 'POST',
        headers: { ...writer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ uuid: randomUUID(), eventId: fire.id, messageCategoryId: 1, content: 'bench' }),
      });
      if (res.status !== 201) throw new Error(`message: ${res.status}`);
      into.messages.push((JSON.parse(res.body.toString()) as { id: number }).id);
    };
    const phases = { version: phase(), off: phase(), post: phase(), ride: phase(), socket: phase() };
    const sliceMs = (seconds * 1000) / slices;
    for (let slice = 0; slice < slices; slice++) {
      let t = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() - t < sliceMs) {
            const res = await request(agent, `${url}/version.json`);
            if (res.status !== 200) throw new Error(`version.json: ${res.status}`);
            phases.version.count++;
          }
        }),
      );
      phases.version.ms += performance.now() - t;
      for (const mode of ['off', 'post', 'ride', 'socket'] as const) {
        const into = phases[mode];
        t = performance.now();
        while (performance.now() - t < sliceMs) {
          await send(into);
          const done = await round(url, panels, mode);
          into.count += done.polls;
          into.reports += done.reports;
        }
        into.ms += performance.now() - t;
        into.rssMb = Math.max(into.rssMb, procSample(pid).rssMb);
      }
    }
    await round(url, panels, 'off'); // the last riding receipts go out
    // the writer flushes a second after the last report
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const writtenOf = async (p: Phase) => {
      let n = 0;
      for (const id of p.messages) {
        const res = await request(agent, `${url}/v2/receipts/message/${id}`, { headers: admin.headers });
        const list = JSON.parse(res.body.toString()) as { devices: { deliveredAt: string | null }[] };
        n += list.devices.filter((d) => d.deliveredAt).length;
      }
      return n;
    };
    const rate = (p: Phase) => (p.count * 1000) / p.ms;
    console.table([
      { phase: 'GET /version.json', 'req/s': Math.round(rate(phases.version)), ratio: '1.00' },
      ...(['off', 'post', 'ride', 'socket'] as const).map((name) => ({
        phase: `POST /v2/app after each message, receipts ${{ off: 'off', post: 'on (own POST)', ride: 'on (riding on the pull)', socket: 'on (on the socket)' }[name]}`,
        'req/s': Math.round(rate(phases[name])),
        ratio: (rate(phases[name]) / rate(phases.version)).toFixed(2),
        'messages/s': ((phases[name].messages.length * 1000) / phases[name].ms).toFixed(2),
        'receipt reports/s': Math.round((phases[name].reports * 1000) / phases[name].ms),
        'server RSS MB': Math.round(phases[name].rssMb),
      })),
    ]);
    for (const mode of ['post', 'ride', 'socket'] as const) {
      const written = await writtenOf(phases[mode]);
      console.log(
        `receipts ${mode}: ${written} delivered rows written for ${phases[mode].messages.length} messages, ` +
          `${Math.round((written * 1000) / phases[mode].ms)}/s over the phase's time`,
      );
    }
    console.log(`server RSS now ${Math.round(procSample(pid).rssMb)} MB`);
  } finally {
    for (const p of panels) p.socket?.disconnect();
    await stopNode(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
