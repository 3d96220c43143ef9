/**
 * Map dispatch actions on a deployed vehicle (issue 12 item 13):
 * - 'send route to the vehicle' (000 §5, §8): warns 'Vaše domovská jednotka nemá zadané souřadnice.' without a
 *   call when the user's home unit has no coordinates (and when the server says so), else POST
 *   /v2/event-jobs/{id}/route; the vehicle's new pnt goes into the store at once, 'Požadavek odeslán'.
 * - 'show waypoints' (001 §4, store action eventJobs/showWaypoints): PUT showWaypointsTimeout
 *   SHOW_WAYPOINTS_SECONDS; the line shows while the time counts down.
 */
import { SHOW_WAYPOINTS_SECONDS } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { homeBaseHasCoordinates } from '@panel/domain/vehicles';
import * as jobsApi from '../../api/jobs';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { toast } from '../../ui/toasts';
import { reasonOf } from './jobActions';
import { vt } from './texts';

export async function sendRouteToVehicle(jobId: number): Promise<boolean> {
  const baseId = useAuthStore.getState().user?.baseId;
  const home = baseId != null ? useEntitiesStore.getState().bases[baseId] : undefined;
  if (!homeBaseHasCoordinates(home)) {
    toast.warning(texts.events.homeBaseNoCoordinates);
    return false;
  }
  try {
    const sent = await jobsApi.sendJobRoute(jobId);
    useEntitiesStore.getState().applyBundle({ resources: [sent.resource], resetData: false });
    toast.success(texts.events.requestSent);
    return true;
  } catch (error) {
    const reason = reasonOf(error);
    // the server's own check of the home unit (a store older than the catalogue) is the same warning
    if (reason === texts.events.homeBaseNoCoordinates) toast.warning(reason);
    else toast.error(reason ? `${vt.routeFailed}: ${reason}` : vt.routeFailed);
    return false;
  }
}

export async function showWaypoints(jobId: number): Promise<boolean> {
  try {
    const job = await jobsApi.updateJob(jobId, { showWaypointsTimeout: SHOW_WAYPOINTS_SECONDS });
    useEntitiesStore.getState().applyBundle({ eventJobs: [job], resetData: false });
    return true;
  } catch (error) {
    const reason = reasonOf(error);
    toast.error(reason ? `${vt.saveFailed}: ${reason}` : vt.saveFailed);
    return false;
  }
}
