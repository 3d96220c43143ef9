/**
 * One demo vehicle's behaviour, pure (state in, state and maybe a fix out; the clock is a parameter):
 * - job 14–16 (order, on the way, approaching): drive to the event's target, reporting every 5 s;
 * - job 17–18 (reconnaissance, at the scene): stand at the scene, reporting every 30 s;
 * - job 19 (returning), no job, or the job ended: drive back to base, then stand there reporting about every
 *   minute (50–70 s) with GPS jitter;
 * - tracker off (the simulation says so, e.g. in the workshop): nothing at all, so only it turns stale (300 s).
 * Driving a new trip needs a path: `needsTrip` tells the runner, which plans one (router or plausiblePath) and
 * calls `beginTrip`.
 */
import { JOB_STATUS } from '@panel/domain/constants';
import {
  ARRIVED_M,
  distance,
  drive,
  gpsAccuracy,
  jitter,
  makeTrip,
  uniform,
  type LonLat,
  type Rand,
  type Trip,
} from './movement.js';

export const MOVING_REPORT_MS = 5_000;
export const SCENE_REPORT_MS = 30_000;
export const IDLE_REPORT_MS: readonly [number, number] = [50_000, 70_000];

export interface VehicleJob {
  id: number;
  status: number;
  target: LonLat;
}

export interface VehicleInput {
  base: LonLat;
  job: VehicleJob | null;
  trackerOff: boolean;
}

export interface Goal {
  kind: 'scene' | 'base';
  /** a new key = a new destination */
  key: string;
  to: LonLat;
}

export interface VehicleState {
  id: number;
  position: LonLat;
  bearing: number;
  /** where the vehicle is going or stands (null: nowhere yet, or tracker off) */
  goal: Goal | null;
  trip: Trip | null;
  movedAt: number;
  nextReportAt: number;
}

export interface VehicleFix {
  resourceId: number;
  lat: number;
  lon: number;
  speedKmh: number;
  bearing: number;
  /** metres */
  accuracy: number;
  at: Date;
}

const drivingTo = (status: number) => status >= JOB_STATUS.DEPARTURE_ORDER && status <= JOB_STATUS.STATUS_16;
const atScene = (status: number) => status === JOB_STATUS.STATUS_17 || status === JOB_STATUS.AT_SCENE;

export function goalOf(input: VehicleInput): Goal | null {
  if (input.trackerOff) return null;
  const j = input.job;
  if (j && (drivingTo(j.status) || atScene(j.status))) {
    return { kind: 'scene', key: `job:${j.id}:${j.target.join(',')}`, to: j.target };
  }
  return { kind: 'base', key: `base:${input.base.join(',')}`, to: input.base };
}

/**
 * Where a vehicle starts. The seed puts every vehicle near its base; a job already at the scene (17–18) or
 * on the way back (19) says the vehicle is (or was just) at the event, so it starts there.
 */
export function initialState(id: number, position: LonLat, input: VehicleInput, now: number, rand: Rand): VehicleState {
  const j = input.job;
  const start = j && (atScene(j.status) || j.status === JOB_STATUS.RETURNING) ? j.target : position;
  return {
    id,
    position: start,
    bearing: 0,
    goal: null,
    trip: null,
    movedAt: now,
    // the first reports of a whole fleet spread over a few seconds
    nextReportAt: now + Math.floor(uniform(rand, 0, MOVING_REPORT_MS)),
  };
}

/** The destination changed and the vehicle is not already there: the runner plans a path and calls beginTrip. */
export function needsTrip(state: VehicleState, goal: Goal): boolean {
  return state.goal?.key !== goal.key && distance(state.position, goal.to) > ARRIVED_M;
}

/** Sets off along `path` (from the vehicle's position; the path's first point is replaced by it). */
export function beginTrip(state: VehicleState, goal: Goal, path: readonly LonLat[], now: number): VehicleState {
  const rest = path.length > 1 ? path.slice(1) : [goal.to];
  return {
    ...state,
    goal,
    trip: makeTrip([state.position, ...rest]),
    movedAt: now,
    nextReportAt: Math.min(state.nextReportAt, now + MOVING_REPORT_MS),
  };
}

/** Already where the new goal is: stand there. */
export function arriveAt(state: VehicleState, goal: Goal): VehicleState {
  return { ...state, goal, trip: null };
}

/** Moves the vehicle to `now` and answers a fix when one is due. */
export function advance(
  state: VehicleState,
  input: VehicleInput,
  now: number,
  rand: Rand,
): { state: VehicleState; fix: VehicleFix | null } {
  if (input.trackerOff) return { state: { ...state, movedAt: now }, fix: null };
  let s = state;
  let speedKmh = 0;
  if (s.trip) {
    const step = drive(s.trip, (now - s.movedAt) / 1000, rand);
    s = { ...s, position: step.point, bearing: step.bearing, trip: step.arrived ? null : step.trip };
    speedKmh = step.speedKmh;
  }
  s = { ...s, movedAt: now };
  if (now < s.nextReportAt) return { state: s, fix: null };
  const moving = s.trip !== null;
  const [lon, lat] = moving ? s.position : jitter(s.position, rand);
  const every = moving
    ? MOVING_REPORT_MS
    : s.goal?.kind === 'scene'
      ? SCENE_REPORT_MS
      : uniform(rand, IDLE_REPORT_MS[0], IDLE_REPORT_MS[1]);
  return {
    state: { ...s, nextReportAt: now + Math.round(every) },
    fix: {
      resourceId: s.id,
      lat,
      lon,
      speedKmh: Math.round(speedKmh * 10) / 10,
      bearing: s.bearing,
      accuracy: gpsAccuracy(rand),
      at: new Date(now),
    },
  };
}
