/** Live tracking on the map (issue 14 item 6): vehicle trails and the active event's deployment tracks. */
import { useMapStore } from '../map/mapStore';
import { JobTracksLayer } from './JobTracksLayer';
import { TrailsLayer } from './TrailsLayer';

export function MapTracking() {
  const trails = useMapStore((s) => s.trails);
  const jobTracks = useMapStore((s) => s.jobTracks);
  return (
    <>
      {trails && <TrailsLayer />}
      {jobTracks && <JobTracksLayer />}
    </>
  );
}
