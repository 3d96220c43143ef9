/**
 * Deployment (event job) rules of 000 §2 "Vehicles and deployment", §4 "Jobs and vehicles", §6 and §9: which
 * jobs are listed, what the dialog offers for a vehicle (deploy a free one, move one busy elsewhere, end one
 * deployed here), who may do it, and when a vehicle's position is stale. The server enforces them
 * (apps/server/src/modules/vehicles/jobs), the panel hides or disables (apps/web/src/features/vehicles).
 */
import {
  JOB_START_STATUSES,
  JOB_STATUS,
  JOB_STATUSES_ALL,
  JOB_STATUSES_HIDDEN,
  RESOURCE_TYPE_FIXED_TEMPLATE,
  VEHICLE_FILTER_TYPE_CODES,
  VEHICLE_POSITION_VALID_SECONDS,
} from '../constants/index';
import { isCentral } from '../auth/ability';
import type { AppAbility, RuleUser } from '../auth/permissions';
import type { EventJob, Resource, ResourceType } from '../sync/index';

/** create EventJob: add a deployment. */
export const canDeploy = (ability: AppAbility): boolean => ability.can('create', 'EventJob');

/** Ending a deployment: the user's base is the vehicle's base, or the central base. */
export const canEndJob = (user: RuleUser, resource: Pick<Resource, 'baseId'>): boolean =>
  user.baseId === resource.baseId || isCentral(user);

/** A job is listed unless it is back at base (status 20, 000 §4). */
export const isJobListed = (job: Pick<EventJob, 'eventJobStatusId'>): boolean =>
  !JOB_STATUSES_HIDDEN.includes(Number(job.eventJobStatusId));

/** The template a resource type uses: type 1 always template 1 (000 §3, 001 §3), any other its own. */
export function resourceTemplateIdOf(resourceTypeId: number, own: number | undefined): number | undefined {
  return resourceTypeId === RESOURCE_TYPE_FIXED_TEMPLATE.resourceTypeId
    ? RESOURCE_TYPE_FIXED_TEMPLATE.resourceTemplateId
    : own;
}

export const isJobStatus = (id: number): boolean => JOB_STATUSES_ALL.includes(id);
/** A deployment starts in 14–19; 20 (at base) only ends one. */
export const isJobStartStatus = (id: number): boolean => JOB_START_STATUSES.includes(id);
export const isJobEndStatus = (id: number): boolean => id === JOB_STATUS.AT_BASE;

/** Where a vehicle stands relative to an event: free, deployed here, or deployed on another event. */
export type Deployment = 'free' | 'here' | 'elsewhere';

export function deploymentOf(
  resource: Pick<Resource, 'event'> & Partial<Pick<Resource, 'hiddenJob'>>,
  eventId: number | null | undefined,
): Deployment {
  // busy on an event the user does not see: its id is not sent, but the vehicle is not free
  if (resource.event == null && resource.hiddenJob) return 'elsewhere';
  if (resource.event === null || resource.event === undefined) return 'free';
  return eventId !== null && eventId !== undefined && resource.event === eventId ? 'here' : 'elsewhere';
}

/** The one action the dialog offers: deploy a free vehicle, move one from another event, end one deployed here. */
export type DeployAction = 'deploy' | 'move' | 'end';

export const deployActionOf = (deployment: Deployment): DeployAction =>
  deployment === 'free' ? 'deploy' : deployment === 'elsewhere' ? 'move' : 'end';

/**
 * Moving ends the vehicle's job on the other event, so it needs create EventJob and the end rule (own base or
 * central) — our reading of 000 §6.
 */
export const canMoveJob = (ability: AppAbility, user: RuleUser, resource: Pick<Resource, 'baseId'>): boolean =>
  canDeploy(ability) && canEndJob(user, resource);

/** Status and ETA changes of a job: create EventJob (the only job permission of 000 §6). */
export const canUpdateJob = (ability: AppAbility): boolean => canDeploy(ability);

/** May this user do this action on this vehicle? (ending also needs create EventJob, like every job write) */
export function canDoDeployAction(
  action: DeployAction,
  ability: AppAbility,
  user: RuleUser,
  resource: Pick<Resource, 'baseId'>,
): boolean {
  if (action === 'deploy') return canDeploy(ability);
  if (action === 'move') return canMoveJob(ability, user, resource);
  return canDeploy(ability) && canEndJob(user, resource);
}

/** Seconds since the position was taken; null without a position time. */
export function positionAgeSeconds(at: Date | null | undefined, now: Date): number | null {
  if (!at || Number.isNaN(at.getTime())) return null;
  return Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
}

/** A position is valid for 300 s; older than that shows the stale warning (000 §9). No position is not stale. */
export function isPositionStale(
  at: Date | null | undefined,
  now: Date,
  validSeconds: number = VEHICLE_POSITION_VALID_SECONDS,
): boolean {
  const age = positionAgeSeconds(at, now);
  return age !== null && age > validSeconds;
}

/** Kind behind the filter chips 'Dron' and 'Inspektor', from the resource type's code. */
export type VehicleKind = 'drone' | 'inspector' | 'other';

export function vehicleKindOf(
  resource: Pick<Resource, 'resourceTypeId'>,
  types: Readonly<Record<number, Pick<ResourceType, 'code'>>>,
): VehicleKind {
  const code = types[resource.resourceTypeId]?.code?.toUpperCase();
  if (code === VEHICLE_FILTER_TYPE_CODES.drone) return 'drone';
  if (code === VEHICLE_FILTER_TYPE_CODES.inspector) return 'inspector';
  return 'other';
}

/** ETA of a deployed vehicle: the job's arrival time, else the navigation's estimate; wire times. */
export const jobEta = (
  job: Pick<EventJob, 'arriveAt'>,
  resource: { pnt?: Pick<NonNullable<Resource['pnt']>, 'eta'> | null } | null | undefined,
): string | null => job.arriveAt ?? resource?.pnt?.eta ?? null;

/**
 * 'Send route to the vehicle' needs the user's home unit to have coordinates (000 §5), else the warning
 * 'Vaše domovská jednotka nemá zadané souřadnice.' (000 §8): the route starts there.
 */
export const homeBaseHasCoordinates = (
  base: { longitude: number | null; latitude: number | null } | null | undefined,
): boolean =>
  base != null &&
  base.longitude != null &&
  base.latitude != null &&
  Number.isFinite(base.longitude) &&
  Number.isFinite(base.latitude);

/**
 * Seconds a job's waypoint line is still shown (001 §4 "shown while showWaypointsTimeout is above 0"): the wire
 * value counts down from the moment the panel received it.
 */
export function waypointsShownFor(received: { value: number; at: number }, now: number): number {
  if (!(received.value > 0)) return 0;
  return Math.max(0, received.value - (now - received.at) / 1000);
}
