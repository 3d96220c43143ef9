/**
 * Field devices of the living demo, pure: a phone, tablet, vehicle navigation or drone controller sends a
 * heartbeat every 100–160 s (so its last contact never passes the 300 s stale mark) with its battery, and a
 * self-test result every 30–90 minutes. The battery drains ~7 %/h in a pocket, goes on the charger below 20 %
 * (back off it at 95 %), and charges in a vehicle's cradle. Workstations (X-…) are panels in browsers: they are
 * not simulated. A device the seed left without contact for a day (the seed's broken ones) stays off, so the
 * device overview keeps its errors.
 */
import { uniform, type Rand } from './movement.js';

export const HEARTBEAT_MS: readonly [number, number] = [100_000, 160_000];
export const TEST_MS: readonly [number, number] = [30 * 60_000, 90 * 60_000];
/** %/min */
export const DRAIN_PER_MIN = 0.12;
export const CHARGE_PER_MIN = 0.8;
export const CRADLE_PER_MIN = 0.4;
/** without contact this long at start: the device is off for the simulation */
export const OFF_AFTER_MS = 24 * 3_600_000;

export interface DeviceState {
  id: number;
  code: string;
  /** sits in a vehicle (navigation, drone controller): charges in its cradle */
  inVehicle: boolean;
  battery: number;
  charging: boolean;
  off: boolean;
  lastAt: number;
  nextHeartbeatAt: number;
  nextTestAt: number;
  /** the last self-test's parameters (001 §3); the next test starts from them */
  parameters: Record<string, unknown>;
}

export function isSimulatedDevice(code: string): boolean {
  return !code.startsWith('X-');
}

export function initialDevice(
  row: {
    id: number;
    code: string;
    resourceId: number | null;
    connectedAt: Date | null;
    testResult: Record<string, unknown> | null;
  },
  now: number,
  rand: Rand,
): DeviceState {
  const parameters = row.testResult ?? {};
  const battery = typeof parameters.battery === 'number' ? parameters.battery : Math.round(uniform(rand, 55, 95));
  return {
    id: row.id,
    code: row.code,
    inVehicle: row.resourceId != null,
    battery,
    charging: false,
    off: !row.connectedAt || now - row.connectedAt.getTime() > OFF_AFTER_MS,
    lastAt: now,
    // the first heartbeats spread over the first minute
    nextHeartbeatAt: now + Math.floor(uniform(rand, 1_000, 60_000)),
    nextTestAt: now + Math.floor(uniform(rand, 2 * 60_000, TEST_MS[1])),
    parameters,
  };
}

/** The battery after `minutes`. */
export function batteryAfter(d: Pick<DeviceState, 'battery' | 'charging' | 'inVehicle'>, minutes: number) {
  let { battery, charging } = d;
  if (d.inVehicle) battery = Math.min(100, battery + CRADLE_PER_MIN * minutes);
  else if (charging) battery = Math.min(100, battery + CHARGE_PER_MIN * minutes);
  else battery = Math.max(0, battery - DRAIN_PER_MIN * minutes);
  if (!d.inVehicle && !charging && battery < 20) charging = true;
  if (charging && battery >= 95) charging = false;
  return { battery, charging };
}

export interface DeviceStep {
  state: DeviceState;
  heartbeat: { battery: number } | null;
  test: Record<string, unknown> | null;
}

export function stepDevice(d: DeviceState, now: number, rand: Rand): DeviceStep {
  if (d.off) return { state: d, heartbeat: null, test: null };
  const { battery, charging } = batteryAfter(d, Math.max(0, now - d.lastAt) / 60_000);
  let s: DeviceState = { ...d, battery, charging, lastAt: now };
  let heartbeat: DeviceStep['heartbeat'] = null;
  let test: DeviceStep['test'] = null;
  if (now >= s.nextHeartbeatAt) {
    heartbeat = { battery: Math.round(s.battery) };
    s = { ...s, nextHeartbeatAt: now + Math.floor(uniform(rand, HEARTBEAT_MS[0], HEARTBEAT_MS[1])) };
  }
  if (now >= s.nextTestAt) {
    const storage = typeof s.parameters.storage_fill === 'number' ? s.parameters.storage_fill : 35;
    test = {
      ...s.parameters,
      battery: Math.round(s.battery),
      device_to_server_time_diff: Math.round(uniform(rand, 0, 1.2) * 10) / 10,
      // photos and recordings pile up slowly
      storage_fill: Math.min(100, Math.round((storage + uniform(rand, 0, 0.4)) * 10) / 10),
    };
    s = { ...s, parameters: test, nextTestAt: now + Math.floor(uniform(rand, TEST_MS[0], TEST_MS[1])) };
  }
  return { state: s, heartbeat, test };
}
