/**
 * The living demo's runner (issue 14 item 7): one tick a second moves the demo vehicles (vehicleModel), sends
 * their due fixes to the sink, the field devices' heartbeats and tests (deviceModel → the device commands), a
 * KOPIS call every few minutes (kopis.ts), a field answer in chat now and then (chat.ts) and the field devices'
 * delivery receipts of new messages and alerts (deliveries.ts, issue 25).
 *
 * - Small work per tick: the world is re-read every `reloadMs` (a few small queries), devices send at most
 *   `maxDeviceWritesPerTick`, one KOPIS call and one answer at most; a tick still running when the next is due is
 *   skipped, never stacked.
 * - Never crashes the process: every part of a tick is guarded; errors are counted per part and logged (the
 *   first and then every 50th of a part, so a long outage does not flood the log).
 * - Pauses while the database cannot serve (`serving()`, the monitor of issue 11): nothing is read or written,
 *   and it resumes by itself; the vehicles' clocks jump over the pause (a vehicle does not teleport: it drives
 *   on from where it was).
 * - Tests call `tick(now)` with a fake clock; `start()` runs it on a real interval (unref'd).
 */
import { and, eq, sql } from 'drizzle-orm';
import { CATEGORY_CODES } from '@panel/domain/constants';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { eventCategories, events } from '../../db/schema/index.js';
import { deviceHeartbeat, deviceTestResult } from '../../modules/devices/commands.js';
import { heartbeatBody, testResultBody } from '@panel/domain/devices';
import { receiveKopisCall } from '../../modules/events/simulate.js';
import type { RoutingProvider } from '../../integrations/routing/provider.js';
import { acknowledgeDeliveries, deliveryStart, type DeliveryCursor } from './deliveries.js';
import { chatDelayMs, DEFAULT_CHAT_MINUTES, pickAnswer, sendAnswer } from './chat.js';
import { initialDevice, isSimulatedDevice, stepDevice, type DeviceState } from './deviceModel.js';
import { DEFAULT_KOPIS_MINUTES, kopisDelayMs, MAX_WAITING, nextKopisCall } from './kopis.js';
import { answerKopisCalls } from './kopisAnswers.js';
import { distance, plausiblePath, type LonLat, type Rand } from './movement.js';
import type { FixSink } from './sink.js';
import {
  advance,
  arriveAt,
  beginTrip,
  goalOf,
  initialState,
  needsTrip,
  type VehicleInput,
  type VehicleState,
} from './vehicleModel.js';
import { loadWorld, type World } from './world.js';

/**
 * Vehicles whose tracker the simulation keeps off (names as in demo/resources.ts): they report nothing, so they
 * alone show the stale warning — the drone the seed already keeps stale, and a van in the workshop.
 */
export const TRACKER_OFF: Readonly<Record<string, string>> = {
  'Dron DJI Matrice 30T OVA': 'telemetrie dronu vypnuta (baterie se nabíjí)',
  'DA Ford Transit PLZ': 'v servisu',
};

/** a vehicle parked this close to its base's point keeps its parking place */
const PARKING_RADIUS_M = 1000;

export type SimulatorPart = 'world' | 'vehicles' | 'devices' | 'kopis' | 'chat' | 'receipts';

export interface SimulatorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SimulatorOptions {
  db: Database;
  hub: PushHub;
  sink: FixSink;
  /** whether the database can serve now (db/monitor.ts); false pauses the simulator */
  serving: () => boolean;
  /** the router (ROUTING_URL) for trips; absent: plausiblePath */
  routing?: RoutingProvider | null;
  renderSpeech?: (text: string) => Promise<Buffer>;
  log?: SimulatorLog;
  rand?: Rand;
  kopisMinutes?: readonly [number, number];
  chatMinutes?: readonly [number, number];
  reloadMs?: number;
  tickMs?: number;
  maxDeviceWritesPerTick?: number;
  /** told of a database failure (the monitor probes and may go 'down') */
  onDatabaseError?: (error: unknown) => void;
}

export interface SimulatorStats {
  ticks: number;
  pausedTicks: number;
  fixes: number;
  heartbeats: number;
  tests: number;
  kopisCalls: number;
  /** KOPIS calls a staffed unit accepted (kopisAnswers.ts) */
  kopisAccepted: number;
  answers: number;
  /** delivery receipts queued for the field devices */
  receipts: number;
  errors: Record<SimulatorPart, number>;
}

export interface Simulator {
  tick(now?: number): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  stats(): SimulatorStats;
  /** the simulated state of a vehicle (tests, the report) */
  vehicle(id: number): VehicleState | undefined;
}

const silent: SimulatorLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A KOPIS call of the demo that waits to be accepted (the query joins events to their category): the KOPIS
 * category, state 0 (alert), `data.source` KOPIS.
 */
export const waitingKopisCall = () =>
  and(
    eq(eventCategories.code, CATEGORY_CODES.KOPIS),
    eq(events.eventStateId, 0),
    sql`${events.data}->>'source' = 'KOPIS'`,
  );

export function createSimulator(opts: SimulatorOptions): Simulator {
  const rand = opts.rand ?? Math.random;
  const log = opts.log ?? silent;
  const reloadMs = opts.reloadMs ?? 5_000;
  const tickMs = opts.tickMs ?? 1_000;
  const maxDeviceWrites = opts.maxDeviceWritesPerTick ?? 3;
  const kopisMinutes = opts.kopisMinutes ?? DEFAULT_KOPIS_MINUTES;
  const chatMinutes = opts.chatMinutes ?? DEFAULT_CHAT_MINUTES;

  let world: World | null = null;
  let loadedAt = -Infinity;
  const vehicles = new Map<number, VehicleState>();
  const parking = new Map<number, LonLat>();
  const devices = new Map<number, DeviceState>();
  let nextKopisAt: number | null = null;
  let nextChatAt: number | null = null;
  let deliveryCursor: DeliveryCursor | null = null;
  let paused = false;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stats: SimulatorStats = {
    ticks: 0,
    pausedTicks: 0,
    fixes: 0,
    heartbeats: 0,
    tests: 0,
    kopisCalls: 0,
    kopisAccepted: 0,
    answers: 0,
    receipts: 0,
    errors: { world: 0, vehicles: 0, devices: 0, kopis: 0, chat: 0, receipts: 0 },
  };

  function failed(part: SimulatorPart, error: unknown) {
    const n = ++stats.errors[part];
    opts.onDatabaseError?.(error);
    if (n === 1 || n % 50 === 0) {
      log.warn({ err: error, part, count: n }, `demo simulator: ${part} failed (${n}×), it goes on`);
    }
  }

  async function guarded(part: SimulatorPart, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      failed(part, error);
    }
  }

  const baseOf = (id: number | null) => (id == null ? undefined : world?.bases.find((b) => b.id === id));

  function inputOf(w: World, v: World['vehicles'][number]): VehicleInput | null {
    const basePoint = parking.get(v.id) ?? baseOf(v.baseId)?.position ?? v.position;
    if (!basePoint) return null;
    const job = w.jobs.find((j) => j.resourceId === v.id) ?? null;
    return {
      base: basePoint,
      job: job ? { id: job.id, status: job.status, target: job.target } : null,
      trackerOff: v.name in TRACKER_OFF,
    };
  }

  async function reload(now: number) {
    const w = await loadWorld(opts.db);
    world = w;
    loadedAt = now;
    for (const v of w.vehicles) {
      if (vehicles.has(v.id)) continue;
      const base = baseOf(v.baseId)?.position;
      // the seed parks vehicles around their station: that spot is their home
      if (v.position && base && distance(v.position, base) < PARKING_RADIUS_M) parking.set(v.id, v.position);
      const input = inputOf(w, v);
      const start = v.position ?? input?.base;
      if (!input || !start) continue;
      vehicles.set(v.id, initialState(v.id, start, input, now, rand));
    }
    for (const d of w.devices) {
      if (devices.has(d.id) || !isSimulatedDevice(d.code)) continue;
      devices.set(d.id, initialDevice(d, now, rand));
    }
  }

  async function planTrip(from: LonLat, to: LonLat): Promise<LonLat[]> {
    if (opts.routing) {
      try {
        const r = await opts.routing.route(from, to);
        if (r.route.coordinates.length >= 2) return r.route.coordinates;
      } catch {
        // the router failed (logged by it): drive a plausible path instead
      }
    }
    return plausiblePath(from, to);
  }

  async function moveVehicles(w: World, now: number) {
    const sends: Promise<void>[] = [];
    for (const v of w.vehicles) {
      const input = inputOf(w, v);
      let state = vehicles.get(v.id);
      if (!input || !state) continue;
      const goal = goalOf(input);
      if (goal && needsTrip(state, goal)) state = beginTrip(state, goal, await planTrip(state.position, goal.to), now);
      else if (goal && state.goal?.key !== goal.key) state = arriveAt(state, goal);
      const { state: next, fix } = advance(state, input, now, rand);
      vehicles.set(v.id, next);
      if (!fix) continue;
      sends.push(opts.sink({ ...fix, deviceCode: v.trackerCode, battery: 100 }).then(() => void stats.fixes++));
    }
    const results = await Promise.allSettled(sends);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  }

  async function runDevices(w: World, now: number) {
    let writes = 0;
    for (const [id, d] of devices) {
      if (writes >= maxDeviceWrites) break; // the rest are due on the next tick
      const row = w.devices.find((x) => x.id === id);
      if (!row) continue;
      const step = stepDevice(d, now, rand);
      const location = locationOf(row);
      try {
        if (step.heartbeat) {
          writes++;
          // no `status`: the app's mode stays as the device left it (the seed's inactive ones stay inactive)
          const body = heartbeatBody.parse({ battery: step.heartbeat.battery, location });
          await deviceHeartbeat(opts, { userId: row.userId, deviceId: id }, id, body);
          stats.heartbeats++;
        }
        if (step.test) {
          writes++;
          const body = testResultBody.parse({ parameters: step.test, location });
          await deviceTestResult(opts, { userId: row.userId, deviceId: id }, id, body);
          stats.tests++;
        }
        devices.set(id, step.state);
      } catch (error) {
        // the step is not taken: the device tries again on the next tick
        failed('devices', error);
      }
    }
  }

  function locationOf(row: World['devices'][number]): { latitude: number; longitude: number } | null {
    const p =
      (row.resourceId != null ? vehicles.get(row.resourceId)?.position : undefined) ??
      baseOf(row.baseId)?.position ??
      null;
    return p ? { latitude: +p[1].toFixed(7), longitude: +p[0].toFixed(7) } : null;
  }

  async function waitingKopisCalls(): Promise<number> {
    const [row] = await opts.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .innerJoin(eventCategories, eq(eventCategories.id, events.eventCategoryId))
      .where(waitingKopisCall());
    return Number(row?.n ?? 0);
  }

  async function kopis(w: World, now: number) {
    // staffed units take their calls in time, the others leave them to the escalation (issue 25 item 4)
    stats.kopisAccepted += await answerKopisCalls(opts, waitingKopisCall(), now);
    nextKopisAt ??= now + kopisDelayMs(rand, kopisMinutes);
    if (now < nextKopisAt) return;
    nextKopisAt = now + kopisDelayMs(rand, kopisMinutes);
    if ((await waitingKopisCalls()) >= MAX_WAITING) return;
    await receiveKopisCall(opts, nextKopisCall(rand, w.bases));
    stats.kopisCalls++;
  }

  async function chat(w: World, now: number) {
    nextChatAt ??= now + chatDelayMs(rand, chatMinutes);
    if (now < nextChatAt) return;
    nextChatAt = now + chatDelayMs(rand, chatMinutes);
    const answer = pickAnswer(rand, w, (id) => vehicles.get(id)?.position ?? null);
    if (!answer) return;
    await sendAnswer(opts, answer, new Date(now));
    stats.answers++;
  }

  async function deliveries(w: World, now: number) {
    if (!deliveryCursor) {
      deliveryCursor = await deliveryStart(opts.db);
      return;
    }
    const done = await acknowledgeDeliveries(opts, w, devices, deliveryCursor, now, rand);
    deliveryCursor = done.cursor;
    stats.receipts += done.queued;
  }

  async function tick(now = Date.now()) {
    stats.ticks++;
    if (!opts.serving()) {
      stats.pausedTicks++;
      if (!paused) log.warn({}, 'demo simulator: database unavailable, paused');
      paused = true;
      return;
    }
    if (paused) {
      paused = false;
      log.info({}, 'demo simulator: database back, resumed');
      // the pause is not driven through: every vehicle goes on from where it stood
      for (const [id, v] of vehicles) vehicles.set(id, { ...v, movedAt: now });
    }
    if (now - loadedAt >= reloadMs || !world) await guarded('world', () => reload(now));
    const w = world;
    if (!w) return;
    await guarded('vehicles', () => moveVehicles(w, now));
    await guarded('devices', () => runDevices(w, now));
    await guarded('kopis', () => kopis(w, now));
    await guarded('chat', () => chat(w, now));
    await guarded('receipts', () => deliveries(w, now));
  }

  const api: Simulator = {
    tick(now) {
      // a tick still running is not stacked upon
      if (running) return running;
      running = tick(now).finally(() => {
        running = null;
      });
      return running;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) void api.tick().catch(() => undefined);
      }, tickMs);
      timer.unref();
      log.info({ kopisMinutes, chatMinutes }, 'demo simulator started');
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    stats: () => structuredClone(stats),
    vehicle: (id) => vehicles.get(id),
  };
  return api;
}
