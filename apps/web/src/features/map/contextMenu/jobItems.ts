/**
 * Items on a deployed vehicle's marker (issue 12 item 13): 'send route to the vehicle' (000 §5, §8) and 'show
 * waypoints' (001 §4). Both are deployment writes: create EventJob (as the server's job writes).
 */
import { createElement } from 'react';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import NearMeIcon from '@mui/icons-material/NearMe';
import { canDeploy } from '@panel/domain/vehicles';
import { sendRouteToVehicle, showWaypoints } from '../../vehicles/routeActions';
import { vt } from '../../vehicles/texts';
import { featureWith } from '../editing/featuresAt';
import type { MapMenuContext, MapMenuItem } from './menuTypes';

const jobIdUnder = (ctx: MapMenuContext): number | null => {
  const id = featureWith(ctx, 'jobId')?.get('jobId') as unknown;
  return typeof id === 'number' ? id : null;
};

const onJob = (ctx: MapMenuContext) => jobIdUnder(ctx) !== null && canDeploy(ctx.ability);

export const jobItems: MapMenuItem[] = [
  {
    key: 'job-send-route',
    group: 'objects',
    label: vt.sendRoute,
    icon: createElement(NearMeIcon, { fontSize: 'small' }),
    visible: onJob,
    run: async (ctx) => void (await sendRouteToVehicle(jobIdUnder(ctx)!)),
  },
  {
    key: 'job-show-waypoints',
    group: 'objects',
    label: vt.showWaypoints,
    icon: createElement(AltRouteIcon, { fontSize: 'small' }),
    visible: onJob,
    run: async (ctx) => void (await showWaypoints(jobIdUnder(ctx)!)),
  },
];
