import { describe, expect, it } from 'vitest';
import { buildAbility } from '../auth/ability';
import {
  canDeploy,
  canDoDeployAction,
  canEndJob,
  homeBaseHasCoordinates,
  waypointsShownFor,
  canMoveJob,
  canUpdateJob,
  deployActionOf,
  deploymentOf,
  isJobEndStatus,
  isJobListed,
  isJobStartStatus,
  isJobStatus,
  isPositionStale,
  jobEta,
  positionAgeSeconds,
  vehicleKindOf,
} from './rules';
import { abilityWith, mngAbility } from '../auth/testing';

const canCreate = abilityWith('eventJob.create');
const cannot = abilityWith();
const unit = { baseId: 7 };
const central = { baseId: 2 };

describe('jobs (000 §4): statuses', () => {
  it('lists every status but 20 (at base)', () => {
    for (const id of [14, 15, 16, 17, 18, 19]) expect(isJobListed({ eventJobStatusId: id })).toBe(true);
    expect(isJobListed({ eventJobStatusId: 20 })).toBe(false);
  });
  it('knows 14–20; a job starts in 14–19 and ends in 20', () => {
    expect(isJobStatus(14)).toBe(true);
    expect(isJobStatus(20)).toBe(true);
    expect(isJobStatus(13)).toBe(false);
    expect(isJobStatus(21)).toBe(false);
    expect(isJobStartStatus(14)).toBe(true);
    expect(isJobStartStatus(19)).toBe(true);
    expect(isJobStartStatus(20)).toBe(false);
    expect(isJobEndStatus(20)).toBe(true);
    expect(isJobEndStatus(19)).toBe(false);
  });
});

describe('deployment of a vehicle relative to an event (000 §4)', () => {
  it('free, here or elsewhere, and the one action each offers', () => {
    expect(deploymentOf({ event: null }, 5)).toBe('free');
    expect(deploymentOf({ event: 5 }, 5)).toBe('here');
    expect(deploymentOf({ event: 6 }, 5)).toBe('elsewhere');
    expect(deploymentOf({ event: 6 }, null)).toBe('elsewhere');
    // another base's vehicle on an event the user does not see: no ids, still not free (issue 24 item 12)
    expect(deploymentOf({ event: null, hiddenJob: true }, 5)).toBe('elsewhere');
    expect(deploymentOf({ event: null, hiddenJob: false }, 5)).toBe('free');
    expect(deployActionOf('free')).toBe('deploy');
    expect(deployActionOf('elsewhere')).toBe('move');
    expect(deployActionOf('here')).toBe('end');
  });
});

describe('deployment (000 §6)', () => {
  it('create EventJob adds a deployment', () => {
    expect(canDeploy(abilityWith('eventJob.create'))).toBe(true);
    expect(canDeploy(cannot)).toBe(false);
  });
  it('ending needs the vehicle base or the central base', () => {
    expect(canEndJob({ baseId: 7 }, { baseId: 7 })).toBe(true);
    expect(canEndJob({ baseId: 2 }, { baseId: 7 })).toBe(true);
    expect(canEndJob({ baseId: 9 }, { baseId: 7 })).toBe(false);
  });
});

describe('deployment permissions (000 §6)', () => {
  it('deploy needs create EventJob', () => {
    expect(canDoDeployAction('deploy', canCreate, unit, { baseId: 99 })).toBe(true);
    expect(canDoDeployAction('deploy', cannot, unit, { baseId: 7 })).toBe(false);
    expect(canDoDeployAction('deploy', mngAbility(), unit, { baseId: 7 })).toBe(false);
  });
  it('end needs the vehicle of the own base or the central base', () => {
    expect(canDoDeployAction('end', canCreate, unit, { baseId: 7 })).toBe(true);
    expect(canDoDeployAction('end', canCreate, unit, { baseId: 8 })).toBe(false);
    expect(canDoDeployAction('end', canCreate, central, { baseId: 8 })).toBe(true);
    expect(canDoDeployAction('end', cannot, central, { baseId: 8 })).toBe(false);
  });
  it('move ends the other job: create EventJob and the end rule', () => {
    expect(canMoveJob(canCreate, unit, { baseId: 7 })).toBe(true);
    expect(canMoveJob(canCreate, unit, { baseId: 8 })).toBe(false);
    expect(canMoveJob(canCreate, central, { baseId: 8 })).toBe(true);
    expect(canMoveJob(cannot, central, { baseId: 8 })).toBe(false);
    expect(canDoDeployAction('move', canCreate, unit, { baseId: 8 })).toBe(false);
  });
  it('status changes need create EventJob; event role 50 grants it without an active event', () => {
    expect(canUpdateJob(canCreate)).toBe(true);
    expect(canUpdateJob(cannot)).toBe(false);
    const byRole = buildAbility({
      user: { id: 1, baseId: 7, roles: [], groups: [] },
      permissions: [],
      activeEvent: null,
      eventRoles: [{ id: 50, permissions: ['eventJob.create'] }],
    });
    expect(canUpdateJob(byRole)).toBe(true);
  });
});

describe('vehicle position (000 §9: valid 300 s)', () => {
  const now = new Date('2025-06-01T10:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it('is stale only above 300 s', () => {
    expect(isPositionStale(ago(0), now)).toBe(false);
    expect(isPositionStale(ago(300), now)).toBe(false);
    expect(isPositionStale(ago(301), now)).toBe(true);
    expect(isPositionStale(ago(3600), now)).toBe(true);
    expect(isPositionStale(null, now)).toBe(false);
    expect(isPositionStale(new Date('x'), now)).toBe(false);
    expect(isPositionStale(ago(61), now, 60)).toBe(true);
  });
  it('age in whole seconds, never negative', () => {
    expect(positionAgeSeconds(ago(90.6), now)).toBe(90);
    expect(positionAgeSeconds(new Date(now.getTime() + 5000), now)).toBe(0);
    expect(positionAgeSeconds(undefined, now)).toBeNull();
  });
});

describe('filter chips Dron and Inspektor', () => {
  const types = { 1: { code: 'CAS' }, 5: { code: 'DRON' }, 6: { code: 'insp' }, 9: { code: null } };
  it('by resource type code', () => {
    expect(vehicleKindOf({ resourceTypeId: 5 }, types)).toBe('drone');
    expect(vehicleKindOf({ resourceTypeId: 6 }, types)).toBe('inspector');
    expect(vehicleKindOf({ resourceTypeId: 1 }, types)).toBe('other');
    expect(vehicleKindOf({ resourceTypeId: 9 }, types)).toBe('other');
    expect(vehicleKindOf({ resourceTypeId: 42 }, types)).toBe('other');
  });
});

describe('ETA', () => {
  it('the job arrival time first, else the navigation estimate', () => {
    const pnt = { eta: '2025-06-01 12:10:00' };
    expect(jobEta({ arriveAt: '2025-06-01 12:05:00' }, { pnt })).toBe('2025-06-01 12:05:00');
    expect(jobEta({ arriveAt: null }, { pnt })).toBe('2025-06-01 12:10:00');
    expect(jobEta({ arriveAt: null }, { pnt: null })).toBeNull();
    expect(jobEta({ arriveAt: null }, undefined)).toBeNull();
  });
});

describe('send route and waypoints (issue 12 item 13)', () => {
  it('the home unit needs both coordinates', () => {
    expect(homeBaseHasCoordinates({ longitude: 14.4, latitude: 50.1 })).toBe(true);
    expect(homeBaseHasCoordinates({ longitude: null, latitude: 50.1 })).toBe(false);
    expect(homeBaseHasCoordinates({ longitude: 14.4, latitude: null })).toBe(false);
    expect(homeBaseHasCoordinates(null)).toBe(false);
    expect(homeBaseHasCoordinates(undefined)).toBe(false);
  });
  it('the waypoint time counts down from its receipt and stops at 0', () => {
    const at = 1_000_000;
    expect(waypointsShownFor({ value: 60, at }, at)).toBe(60);
    expect(waypointsShownFor({ value: 60, at }, at + 30_000)).toBe(30);
    expect(waypointsShownFor({ value: 60, at }, at + 61_000)).toBe(0);
    expect(waypointsShownFor({ value: 0, at }, at)).toBe(0);
  });
});
