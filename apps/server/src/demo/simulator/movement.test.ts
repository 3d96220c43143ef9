/**
 * The living demo's pure models with a fake clock: paths, driving to a target and back, standing at the scene
 * and at base, trackers off, field-device batteries, the KOPIS content and cadence.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../integrations/trains/random.js';
import { DEMO_BASES } from '../bases.js';
import { batteryAfter, initialDevice, stepDevice, HEARTBEAT_MS } from './deviceModel.js';
import { kopisDelayMs, nextKopisCall } from './kopis.js';
import { CITY_KMH, ROAD_KMH, distance, makeTrip, plausiblePath, type LonLat } from './movement.js';
import {
  IDLE_REPORT_MS,
  MOVING_REPORT_MS,
  SCENE_REPORT_MS,
  advance,
  arriveAt,
  beginTrip,
  goalOf,
  initialState,
  needsTrip,
  type VehicleFix,
  type VehicleInput,
  type VehicleState,
} from './vehicleModel.js';

const BASE: LonLat = [14.4906, 50.1045]; // Praha-Libeň
const SCENE: LonLat = [14.5605, 50.0507]; // ~8 km south-east
const T0 = Date.parse('2026-03-02T09:15:00Z');

/** Runs one vehicle for `seconds` in 1 s ticks, planning trips with plausiblePath as the runner does. */
function run(state: VehicleState, input: VehicleInput, from: number, seconds: number, rand = prng('run')) {
  const fixes: VehicleFix[] = [];
  let s = state;
  let arrivedAt: number | null = null;
  for (let t = from; t <= from + seconds * 1000; t += 1000) {
    const goal = goalOf(input);
    if (goal && needsTrip(s, goal)) s = beginTrip(s, goal, plausiblePath(s.position, goal.to), t);
    else if (goal && s.goal?.key !== goal.key) s = arriveAt(s, goal);
    const wasMoving = s.trip !== null;
    const out = advance(s, input, t, rand);
    s = out.state;
    if (wasMoving && s.trip === null && arrivedAt === null) arrivedAt = t;
    if (out.fix) fixes.push(out.fix);
  }
  return { state: s, fixes, arrivedAt };
}

const lonLat = (f: VehicleFix): LonLat => [f.lon, f.lat];

describe('paths', () => {
  it('a plausible path bends off the straight line like a road (10–35 % longer), deterministic', () => {
    const path = plausiblePath(BASE, SCENE);
    const crow = distance(BASE, SCENE);
    const trip = makeTrip(path);
    expect(path[0]).toEqual(BASE);
    expect(path.at(-1)).toEqual(SCENE);
    expect(path.length).toBeGreaterThan(4);
    expect(trip.length / crow).toBeGreaterThan(1.0);
    expect(trip.length / crow).toBeLessThan(1.35);
    expect(plausiblePath(BASE, SCENE)).toEqual(path);
    // no vertex far off: the bend is at most ~12 % of the distance
    for (const p of path) expect(distance(p, BASE) + distance(p, SCENE)).toBeLessThan(crow * 1.35);
  });
});

describe('a deployed vehicle', () => {
  const job = (status: number) => ({ id: 7, status, target: SCENE });

  it('drives to the event at town and road speeds, reporting every 5 s, and arrives in the expected time', () => {
    const input: VehicleInput = { base: BASE, job: job(15), trackerOff: false };
    const start = initialState(1, BASE, input, T0, prng('a'));
    const { fixes, arrivedAt, state } = run(start, input, T0, 40 * 60);
    const length = makeTrip(plausiblePath(BASE, SCENE)).length;
    expect(arrivedAt).not.toBeNull();
    const took = (arrivedAt! - T0) / 1000;
    // between all the way at the top road speed and all the way at the lowest town speed
    expect(took).toBeGreaterThan(length / (ROAD_KMH[1] / 3.6));
    expect(took).toBeLessThan(length / (CITY_KMH[0] / 3.6));
    const moving = fixes.filter((f) => f.at.getTime() <= arrivedAt!);
    expect(moving.length).toBeGreaterThan(took / 5 - 3);
    for (let i = 1; i < moving.length; i++) {
      const dt = (moving[i].at.getTime() - moving[i - 1].at.getTime()) / 1000;
      expect(dt).toBe(MOVING_REPORT_MS / 1000);
      // never a jump: at most the top speed over the interval
      expect(distance(lonLat(moving[i - 1]), lonLat(moving[i]))).toBeLessThanOrEqual((ROAD_KMH[1] / 3.6) * dt + 1);
    }
    for (const f of moving.slice(1, -1)) {
      expect(f.speedKmh).toBeGreaterThanOrEqual(CITY_KMH[0]);
      expect(f.speedKmh).toBeLessThanOrEqual(ROAD_KMH[1]);
    }
    // town speeds near the ends, open road in between
    expect(Math.max(...moving.slice(1, 4).map((f) => f.speedKmh))).toBeLessThanOrEqual(CITY_KMH[1]);
    expect(moving.some((f) => f.speedKmh >= ROAD_KMH[0])).toBe(true);
    expect(distance(state.position, SCENE)).toBeLessThan(1);
  });

  it('stays at the scene while the job is there, reporting every 30 s with GPS jitter only', () => {
    const input: VehicleInput = { base: BASE, job: job(18), trackerOff: false };
    // a job already at the scene: the vehicle starts there
    const start = initialState(1, BASE, input, T0, prng('b'));
    expect(start.position).toEqual(SCENE);
    const { fixes } = run(start, input, T0, 10 * 60);
    expect(fixes.length).toBeGreaterThanOrEqual((10 * 60_000) / SCENE_REPORT_MS - 1);
    expect(fixes.length).toBeLessThanOrEqual((10 * 60_000) / SCENE_REPORT_MS + 1);
    for (const f of fixes) {
      expect(distance(lonLat(f), SCENE)).toBeLessThan(10);
      expect(f.speedKmh).toBe(0);
    }
  });

  it('returns to base after the job ends, then reports about every minute from there', () => {
    const atScene = initialState(1, BASE, { base: BASE, job: job(18), trackerOff: false }, T0, prng('c'));
    const idle: VehicleInput = { base: BASE, job: null, trackerOff: false };
    const back = run(atScene, idle, T0, 30 * 60);
    expect(back.arrivedAt).not.toBeNull();
    expect(distance(back.state.position, BASE)).toBeLessThan(1);
    const after = back.fixes.filter((f) => f.at.getTime() > back.arrivedAt!);
    expect(after.length).toBeGreaterThan(3);
    for (let i = 1; i < after.length; i++) {
      const dt = after[i].at.getTime() - after[i - 1].at.getTime();
      expect(dt).toBeGreaterThanOrEqual(IDLE_REPORT_MS[0] - 1000);
      expect(dt).toBeLessThanOrEqual(IDLE_REPORT_MS[1] + 1000);
      expect(distance(lonLat(after[i]), BASE)).toBeLessThan(10);
    }
    // job 19 (on the way back) also heads home
    expect(goalOf({ base: BASE, job: job(19), trackerOff: false })?.kind).toBe('base');
  });

  it('an idle vehicle reports its base every minute or so; a tracker that is off reports nothing', () => {
    const idle: VehicleInput = { base: BASE, job: null, trackerOff: false };
    const s = initialState(1, BASE, idle, T0, prng('d'));
    const { fixes } = run(s, idle, T0, 60 * 60);
    expect(fixes.length).toBeGreaterThanOrEqual(50);
    expect(fixes.length).toBeLessThanOrEqual(73);
    const off: VehicleInput = { base: BASE, job: job(15), trackerOff: true };
    expect(run(initialState(2, BASE, off, T0, prng('e')), off, T0, 60 * 60).fixes).toEqual([]);
  });
});

describe('field devices', () => {
  const phone = {
    id: 1,
    code: 'M-PHA-01',
    resourceId: null,
    connectedAt: new Date(T0 - 60_000),
    testResult: { battery: 60 },
  };

  it('a phone drains ~7 %/h, goes on the charger below 20 % and off it at 95 %; a cradle charges', () => {
    expect(batteryAfter({ battery: 60, charging: false, inVehicle: false }, 60).battery).toBeCloseTo(52.8, 5);
    expect(batteryAfter({ battery: 20.05, charging: false, inVehicle: false }, 1)).toMatchObject({ charging: true });
    expect(batteryAfter({ battery: 94, charging: true, inVehicle: false }, 5)).toMatchObject({ charging: false });
    expect(batteryAfter({ battery: 50, charging: false, inVehicle: true }, 10).battery).toBe(54);
  });

  it('heartbeats at most 160 s apart with the battery, a self-test every 30–90 min; a device off a day stays off', () => {
    const rand = prng('dev');
    let d = initialDevice(phone, T0, rand);
    const beats: number[] = [];
    const tests: Record<string, unknown>[] = [];
    for (let t = T0; t <= T0 + 3 * 3_600_000; t += 1000) {
      const step = stepDevice(d, t, rand);
      d = step.state;
      if (step.heartbeat) {
        beats.push(t);
        expect(step.heartbeat.battery).toBeGreaterThan(0);
      }
      if (step.test) tests.push(step.test);
    }
    expect(beats[0] - T0).toBeLessThanOrEqual(60_000);
    for (let i = 1; i < beats.length; i++) expect(beats[i] - beats[i - 1]).toBeLessThanOrEqual(HEARTBEAT_MS[1]);
    expect(tests.length).toBeGreaterThanOrEqual(2);
    expect(tests.length).toBeLessThanOrEqual(7);
    expect(tests.at(-1)!.battery).toBeLessThan(60);
    const broken = initialDevice({ ...phone, connectedAt: new Date(T0 - 3 * 86_400_000) }, T0, rand);
    expect(stepDevice(broken, T0 + 3_600_000, rand)).toMatchObject({ heartbeat: null, test: null });
  });
});

describe('KOPIS calls', () => {
  const units = DEMO_BASES.map((b) => ({
    id: b.id,
    categoryId: b.baseCategoryId,
    position: [b.longitude, b.latitude] as [number, number],
  }));

  it('a railway incident at a demo station, handed by its region’s KOPIS to the nearest unit', () => {
    const rand = prng('kopis');
    for (let i = 0; i < 30; i++) {
      const call = nextKopisCall(rand, units);
      expect(call.reporterName).toMatch(/^KOPIS HZS/);
      expect(call.description).toMatch(/^Předání události z KOPIS: /);
      expect(call.description).toContain(call.incident.description);
      expect(call.place.address).toMatch(/, (kolej \d|zhlaví|nákladové nádraží|nástupiště \d)$/);
      const here: LonLat = [call.place.longitude, call.place.latitude];
      const unit = units.find((u) => u.id === call.baseId)!;
      expect(unit.categoryId).toBe(1);
      for (const u of units.filter((x) => x.categoryId === 1)) {
        expect(distance(here, unit.position)).toBeLessThanOrEqual(distance(here, u.position));
      }
    }
  });

  it('the delay between calls stays in the configured window', () => {
    const rand = prng('delay');
    for (let i = 0; i < 200; i++) {
      const ms = kopisDelayMs(rand, [4, 7]);
      expect(ms).toBeGreaterThanOrEqual(4 * 60_000);
      expect(ms).toBeLessThanOrEqual(7 * 60_000);
    }
  });
});
