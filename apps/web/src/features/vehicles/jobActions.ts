/**
 * Deployment writes of the panel (000 §2, §8): deploy a free vehicle, move one from another event (one call with
 * `move: true`: the server ends the other job in the same transaction), end a deployment (status 20), save status
 * and ETA. Success: 'Výjezd byl založen' for a new job; failure: 'Chyba při ukládání výjezdu' with the server's
 * reason. The answer goes into the entities store at once; the push → sync delta confirms it.
 */
import { JOB_STATUS } from '@panel/domain/constants';
import type { EventJob, Resource } from '@panel/domain/sync';
import { ApiError, messageOf } from '../../api/client';
import * as jobsApi from '../../api/jobs';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { newUuid } from '../../stores/uiStore';
import { toast } from '../../ui/toasts';
import { vt } from './texts';

/** The server's reason of a failed job write: the first field message of a 422, else the answer's message. */
export function reasonOf(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    if (Array.isArray(error.body)) {
      const first = (error.body as { message?: unknown }[])[0];
      if (typeof first?.message === 'string') return first.message;
    }
    return messageOf(error.body);
  }
  return error instanceof Error ? error.message : undefined;
}

function failed(error: unknown): false {
  console.error('[vehicles] job write failed', error);
  const reason = reasonOf(error);
  toast.error(reason ? `${vt.saveFailed}: ${reason}` : vt.saveFailed);
  return false;
}

/** The job and the vehicle as the answer says, before the delta arrives. */
function keep(job: EventJob, patch?: { resource?: Resource; ended?: EventJob | null }) {
  const store = useEntitiesStore.getState();
  const eventJobs = [job, ...(patch?.ended ? [patch.ended] : [])];
  const resources = patch?.resource ? [patch.resource] : [];
  store.applyBundle({ eventJobs, resources, resetData: false });
}

function vehicleAfter(resourceId: number, job: EventJob | null): Resource | undefined {
  const current = useEntitiesStore.getState().resources[resourceId];
  if (!current) return undefined;
  return { ...current, event: job ? job.eventId : null, eventJob: job ? job.id : null };
}

/** Deploy (free vehicle) or move (`move: true`, vehicle on another event). */
export async function deployVehicle(eventId: number, resourceId: number, move = false): Promise<boolean> {
  const previous = useEntitiesStore.getState().resources[resourceId]?.eventJob;
  try {
    const job = await jobsApi.createJob({ uuid: newUuid(), eventId, resourceId, ...(move ? { move: true } : {}) });
    const old = previous != null ? useEntitiesStore.getState().eventJobs[previous] : undefined;
    keep(job, {
      resource: vehicleAfter(resourceId, job),
      ended: move && old ? { ...old, eventJobStatusId: JOB_STATUS.AT_BASE } : null,
    });
    toast.success(vt.created);
    return true;
  } catch (error) {
    return failed(error);
  }
}

/** End a deployment: status 20 (the job leaves the lists, the vehicle is free). */
export async function endDeployment(job: Pick<EventJob, 'id' | 'resourceId'>): Promise<boolean> {
  try {
    const saved = await jobsApi.updateJob(job.id, { eventJobStatusId: JOB_STATUS.AT_BASE });
    keep(saved, { resource: vehicleAfter(job.resourceId, null) });
    return true;
  } catch (error) {
    return failed(error);
  }
}

/** Turn the automatic statuses by position (geofence, issue 14) on or off for one deployment. */
export async function setJobGeofence(job: Pick<EventJob, 'id'>, on: boolean): Promise<boolean> {
  try {
    keep(await jobsApi.updateJob(job.id, { geofence: on }));
    return true;
  } catch (error) {
    return failed(error);
  }
}

/** Save the job's status and ETA (wire time or null). */
export async function saveJob(
  job: Pick<EventJob, 'id'>,
  patch: { eventJobStatusId?: number; arriveAt?: string | null },
): Promise<boolean> {
  try {
    keep(await jobsApi.updateJob(job.id, patch));
    return true;
  } catch (error) {
    return failed(error);
  }
}
