/**
 * Estimated routes (001 §2, §3): for the active saved event, every listed job (status ≠ 20) gets
 * GET /v2/routes/event-job/{jobId}, and the event's unit base GET /v2/routes/base/{baseId}?eventId= — lines
 * with 'durationText · distanceText' in the middle (z 99). Reloaded when the jobs change; failures logged.
 */
import { useEffect, useMemo } from 'react';
import { LAYER_Z } from '@panel/domain/constants';
import { fetchBaseRoute, fetchJobRoute, type RouteAnswer } from '../../api/trains';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useVectorLayer } from '../map/layers/useVectorLayer';
import { routeFeature } from './features';
import { routedJobs } from './rules';

export function RoutesLayer() {
  const active = useActiveEvent();
  const event = active?.kind === 'saved' ? active.event : null;
  const eventId = event?.id ?? null;
  const hasTarget = event?.targetLatitude != null && event.targetLongitude != null;
  const targetKey = hasTarget ? `${event?.targetLongitude},${event?.targetLatitude}` : '';
  const baseId = event?.baseId ?? null;
  const baseHasPosition = useEntitiesStore((s) => {
    const base = baseId ? s.bases[baseId] : undefined;
    return Boolean(base && base.latitude != null && base.longitude != null);
  });
  const jobsMap = useEntitiesStore((s) => s.eventJobs);
  const jobsKey = useMemo(
    () =>
      eventId
        ? routedJobs(Object.values(jobsMap), eventId)
            .map((j) => `${j.id}:${j.eventJobStatusId}:${j.resourceId}`)
            .sort()
            .join(',')
        : '',
    [jobsMap, eventId],
  );
  const source = useVectorLayer({ name: 'routes', zIndex: LAYER_Z.jobLines });

  useEffect(() => {
    source.clear(true);
    if (!eventId || !targetKey) return;
    let stopped = false;
    const jobIds = jobsKey ? jobsKey.split(',').map((k) => Number(k.split(':')[0])) : [];
    const calls: { id: string; load: () => Promise<RouteAnswer> }[] = jobIds.map((jobId) => ({
      id: `route:job:${jobId}`,
      load: () => fetchJobRoute(jobId),
    }));
    if (baseId && baseHasPosition) {
      calls.push({ id: `route:base:${baseId}`, load: () => fetchBaseRoute(baseId, eventId) });
    }
    void Promise.all(
      calls.map(async (call) => {
        try {
          const route = await call.load();
          if (!stopped && route?.route?.coordinates?.length) source.addFeature(routeFeature(route, call.id));
        } catch (error) {
          console.error('route', call.id, error);
        }
      }),
    );
    return () => {
      stopped = true;
    };
  }, [source, eventId, targetKey, jobsKey, baseId, baseHasPosition]);

  return null;
}
