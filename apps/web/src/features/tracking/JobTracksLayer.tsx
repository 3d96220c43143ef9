/**
 * The active event's deployment tracks (issue 14 item 6): each job's vehicle from its departure to now (or its
 * end), in the job status colour (GET /v2/events/{id}/tracks), under the vehicle markers. Reloaded every 30 s and
 * when the event's jobs or their vehicles' positions change, at most every 5 s. On while the map's 'Trasy
 * nasazené techniky' switch is (default on).
 */
import { useEffect, useMemo } from 'react';
import { LAYER_Z } from '@panel/domain/constants';
import { fetchEventTracks } from '../../api/tracking';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useVectorLayer } from '../map/layers/useVectorLayer';
import { jobTrackFeature } from './trackFeatures';
import { usePolled } from './usePolled';

export function JobTracksLayer() {
  const active = useActiveEvent();
  const eventId = active?.kind === 'saved' ? (active.event.id ?? null) : null;
  const source = useVectorLayer({ name: 'job-tracks', zIndex: LAYER_Z.jobLines - 1 });
  const jobs = useEntitiesStore((s) => s.eventJobs);
  const resources = useEntitiesStore((s) => s.resources);
  const key = useMemo(() => {
    if (eventId === null) return '';
    return Object.values(jobs)
      .filter((j) => j.eventId === eventId)
      .map((j) => `${j.id}:${j.eventJobStatusId}:${resources[j.resourceId]?.pnt?.updatedAt ?? ''}`)
      .sort()
      .join(',');
  }, [jobs, resources, eventId]);

  useEffect(() => {
    source.clear(true);
  }, [source, eventId]);

  usePolled(
    eventId !== null,
    `${eventId}:${key}`,
    () => fetchEventTracks(eventId!),
    (tracks) => {
      source.clear(true);
      source.addFeatures(tracks.filter((t) => t.points.length > 1).map(jobTrackFeature));
    },
  );
  return null;
}
