/** The tooltip of a marker from the live bundle: a push while it is shown updates it. */
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useVehicleClock } from '../../vehicles/PositionCell';
import type { TooltipTarget } from './tooltipTarget';
import { clusterTooltip, deviceTooltip, vehicleTooltip, type VehicleTooltipModel } from './vehicleTooltip';

export function useTooltipModel(target: TooltipTarget | null): VehicleTooltipModel | null {
  const resource = useEntitiesStore((s) =>
    target && 'resourceId' in target ? s.resources[target.resourceId] : undefined,
  );
  const job = useEntitiesStore((s) => (target?.kind === 'event-job' ? s.eventJobs[target.jobId] : undefined));
  const device = useEntitiesStore((s) => (target?.kind === 'device' ? s.devices[target.deviceId] : undefined));
  const type = useEntitiesStore((s) => (resource ? s.resourceTypes[resource.resourceTypeId] : undefined));
  const base = useEntitiesStore((s) => (resource ? s.bases[resource.baseId] : undefined));
  const event = useEntitiesStore((s) => (job ? s.events[job.eventId] : undefined));
  const now = new Date(useVehicleClock());
  if (!target) return null;
  if (target.kind === 'cluster') return clusterTooltip(target.members);
  if (target.kind === 'device') return device ? deviceTooltip(device, now) : null;
  if (!resource) return null;
  return vehicleTooltip({ resource, type, base, job, event, now });
}
