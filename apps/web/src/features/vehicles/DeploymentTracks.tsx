/**
 * The deployments' tracks in the Technika tab (issue 14 item 6, `GET /v2/events/{id}/tracks`): per deployment
 * its vehicle, departure (the job made), the distance driven since (km, one Czech decimal) and the last fix,
 * with 'Zobrazit na mapě', which turns the map's deployment tracks on and has the map highlight and fit that track
 * (`mapStore.focusedTrack`, drawn by `tracking/TrackFocus.tsx`). Reloaded like the map's track layer: every
 * 30 s and after a push that moves the event's vehicles or changes its jobs, at most every 5 s.
 */
import { useMemo, useState } from 'react';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import { trackingTexts, travelDistanceText, type JobTrack } from '@panel/domain/tracking';
import { fetchEventTracks } from '../../api/tracking';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useMapStore } from '../map/mapStore';
import { usePolled } from '../tracking/usePolled';
import { JOB_STATUS_COLORS } from '../map/layers/vehicleStyles';
import { vt } from './texts';

const T = vt.tracks;
const wireDateTime = (t: string | null) => formatDateTime(fromWireTime(t));

/** Asks the map to show this track: the deployment tracks on, auto-centre off, the view fitted to it. */
export function showTrackOnMap(track: JobTrack, eventId: number): void {
  useMapStore.getState().set({
    jobTracks: true,
    autoCenter: false,
    focusedTrack: {
      jobId: track.jobId,
      eventId,
      points: track.points,
      color: JOB_STATUS_COLORS[track.eventJobStatusId] ?? '#616161',
      fitted: false,
    },
  });
}

export function DeploymentTracks({ eventId }: { eventId: number }) {
  const jobs = useEntitiesStore((s) => s.eventJobs);
  const resources = useEntitiesStore((s) => s.resources);
  const focusedJob = useMapStore((s) => (s.focusedTrack?.eventId === eventId ? s.focusedTrack.jobId : null));
  const [tracks, setTracks] = useState<JobTrack[] | null>(null);
  const [failed, setFailed] = useState(false);

  const key = useMemo(
    () =>
      Object.values(jobs)
        .filter((j) => j.eventId === eventId)
        .map((j) => `${j.id}:${j.eventJobStatusId}:${resources[j.resourceId]?.pnt?.updatedAt ?? ''}`)
        .sort()
        .join(','),
    [jobs, resources, eventId],
  );
  usePolled(
    true,
    `${eventId}:${key}`,
    async () => {
      try {
        return await fetchEventTracks(eventId);
      } catch (error) {
        setFailed(true);
        throw error;
      }
    },
    (data) => {
      setFailed(false);
      setTracks(data);
    },
  );

  return (
    <Box component="section" aria-label={trackingTexts.tracks} data-testid="deployment-tracks" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {trackingTexts.tracks}
      </Typography>
      {failed && tracks === null && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {trackingTexts.tracksFailed}
        </Alert>
      )}
      {tracks !== null && tracks.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {trackingTexts.tracksEmpty}
        </Typography>
      )}
      {tracks !== null && tracks.length > 0 && (
        <Box component="ul" aria-label={trackingTexts.tracks} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tracks.map((track) => {
            const name = resources[track.resourceId]?.name ?? T.unknownVehicle(track.resourceId);
            const color = JOB_STATUS_COLORS[track.eventJobStatusId] ?? '#616161';
            const focused = focusedJob === track.jobId;
            return (
              <Box
                component="li"
                key={track.jobId}
                data-testid="deployment-track"
                data-job={track.jobId}
                sx={{
                  borderLeft: 4,
                  borderColor: color,
                  borderBottom: 1,
                  borderBottomColor: 'divider',
                  bgcolor: focused ? 'action.selected' : undefined,
                  px: 1,
                  py: 0.5,
                }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                    {name}
                  </Typography>
                  <Button
                    size="small"
                    startIcon={<MapOutlinedIcon fontSize="small" />}
                    disabled={track.points.length === 0}
                    aria-label={`${T.showOnMap}: ${name}`}
                    onClick={() => showTrackOnMap(track, eventId)}
                    sx={{ flexShrink: 0, py: 0 }}
                  >
                    {T.showOnMap}
                  </Button>
                </Stack>
                <Box
                  component="dl"
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    columnGap: 1.5,
                    rowGap: 0.25,
                    m: 0,
                    fontSize: 12,
                    color: 'text.secondary',
                    '& div': { display: 'flex', gap: 0.5 },
                    '& dd': { m: 0, color: 'text.primary' },
                  }}
                >
                  <div>
                    <dt>{T.departure}</dt>
                    <dd data-testid="track-departure">{wireDateTime(track.departedAt) || '–'}</dd>
                  </div>
                  <div>
                    <dt>{T.driven}</dt>
                    <dd data-testid="track-distance">{travelDistanceText(track.distance)}</dd>
                  </div>
                  <div>
                    <dt>{T.lastFix}</dt>
                    <dd data-testid="track-last-fix">{wireDateTime(track.to) || T.noFix}</dd>
                  </div>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
