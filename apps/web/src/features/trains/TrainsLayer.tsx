/**
 * The train layer (z 1001, 001 §2–§4, §9): the trains of active events with a trainNumber and the train chosen
 * in the search (big, with their travelled and ahead track), and from zoom 3 every train of the feed (small).
 * A click opens the train card. While auto-centre is on the map keeps the followed train in view; the legend's
 * reload button ('Aktualizovat polohu vlaku') reloads the positions, turns auto-centre off and shows the train.
 */
import { useEffect, useMemo } from 'react';
import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import WarningIcon from '@mui/icons-material/Warning';
import { boundingExtent, buffer, containsCoordinate } from 'ol/extent';
import { LAYER_Z, MAP_FIT_DURATION, MAP_ZOOM_TO } from '@panel/domain/constants';
import type { TrainFeature } from '../../api/trains';
import { isActiveEvent, useEntitiesStore } from '../../stores/entitiesStore';
import { useActiveEvent } from '../../stores/useActiveEvent';
import { useMap } from '../map/MapContext';
import { useMapStore } from '../map/mapStore';
import { toView } from '../map/projection';
import { useMapZoom } from '../map/useMapZoom';
import { useVectorLayer } from '../map/layers/useVectorLayer';
import { LABEL_DECLUTTER } from '../map/layers/declutter';
import { trackFeature, trainFeature } from './features';
import { openTrain } from './openTrain';
import { trackedTrains, trainColor, trainLabel, type TrackedTrain } from './rules';
import { TRAIN_TEXTS } from './texts';
import { useTrackedTrainData, useTrainFeed } from './useTrainData';

/** From this zoom the whole feed is drawn. */
export const TRAIN_FEED_MIN_ZOOM = 3;

/**
 * The train the map follows: the search's train while it is the latest explicit choice (`followSearch`), else
 * the active event's own train; with an active event without a train, none — a picked event is not pulled
 * away to another event's train (auto-centre yields to an explicit choice). With no event active, the first
 * tracked train — unless the user put points on the map (the search, the coordinate entry; kept across a
 * reload): auto-centre keeps those in view (AutoCenter), and a train would pull the map away from them.
 */
export function followedTrain(
  tracked: readonly TrackedTrain[],
  activeUuid: string | null,
  followSearch = true,
  pointsChosen = false,
): string | null {
  if (followSearch) {
    const search = tracked.find((t) => t.fromSearch);
    if (search) return search.tr;
  }
  if (activeUuid !== null) return tracked.find((t) => t.eventUuids.includes(activeUuid))?.tr ?? null;
  return pointsChosen ? null : (tracked[0]?.tr ?? null);
}

export function TrainsLayer() {
  const map = useMap();
  const events = useEntitiesStore((s) => s.events);
  const searchTrain = useMapStore((s) => s.trackedTrain);
  const autoCenter = useMapStore((s) => s.autoCenter);
  const followSearch = useMapStore((s) => s.followTrain);
  const pointsChosen = useMapStore((s) => s.points.length > 0);
  const active = useActiveEvent();
  const activeUuid = active?.event.uuid ?? null;
  const target =
    active?.event.targetLongitude != null && active.event.targetLatitude != null
      ? ([active.event.targetLongitude, active.event.targetLatitude] as [number, number])
      : null;
  const zoom = useMapZoom();
  const source = useVectorLayer({ name: 'trains', zIndex: LAYER_Z.trains, declutter: LABEL_DECLUTTER });

  const tracked = useMemo(
    () => trackedTrains(Object.values(events).filter(isActiveEvent), searchTrain),
    [events, searchTrain],
  );
  const numbers = useMemo(() => tracked.map((t) => t.tr), [tracked]);
  const numbersKey = numbers.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableNumbers = useMemo(() => numbers, [numbersKey]);
  const { positions, tracks, unavailable: trackedOut, reload } = useTrackedTrainData(stableNumbers);
  const feedOn = zoom >= TRAIN_FEED_MIN_ZOOM;
  const { trains: feed, unavailable: feedOut } = useTrainFeed(feedOn);
  const unavailable = trackedOut ?? feedOut;
  const followed = followedTrain(tracked, activeUuid, followSearch, pointsChosen);

  useEffect(() => {
    source.clear(true);
    const trackedSet = new Set(Object.keys(positions));
    const features = [
      ...tracks.map(trackFeature),
      ...feed.filter((f) => !trackedSet.has(String(f.properties.tr))).map((f) => trainFeature(f, false, openTrain)),
      ...Object.values(positions)
        .filter((f): f is TrainFeature => Boolean(f))
        .map((f) => trainFeature(f, true, openTrain)),
    ];
    source.addFeatures(features);
  }, [source, positions, tracks, feed]);

  // follow: with auto-centre on, a followed train that left the view brings the view back (with the target)
  const followedPosition = followed ? (positions[followed]?.geometry.coordinates ?? null) : null;
  const fx = followedPosition?.[0];
  const fy = followedPosition?.[1];
  useEffect(() => {
    if (!autoCenter || fx === undefined || fy === undefined) return;
    const view = map.getView();
    const size = map.getSize();
    if (!size) return;
    const point = toView([fx, fy]);
    const extent = view.calculateExtent(size);
    const margin = -60 * (view.getResolution() ?? 0);
    if (containsCoordinate(buffer(extent, margin), point)) return;
    const coordinates = target ? [point, toView(target)] : [point];
    view.fit(boundingExtent(coordinates), {
      maxZoom: MAP_ZOOM_TO,
      duration: MAP_FIT_DURATION,
      padding: [80, 80, 80, 80],
    });
    // target: only its coordinates matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, autoCenter, fx, fy, target?.[0], target?.[1]]);

  const reloadNow = async () => {
    useMapStore.getState().set({ autoCenter: false });
    const next = await reload();
    const train = (followed && next[followed]) || Object.values(next).find(Boolean);
    if (train) {
      map.getView().animate({ center: toView(train.geometry.coordinates), duration: MAP_FIT_DURATION });
    }
  };

  if (!tracked.length && !unavailable) return null;
  return (
    <Paper
      elevation={3}
      data-testid="train-legend"
      sx={{ position: 'absolute', left: 12, bottom: 60, zIndex: 2, px: 1, py: 0.5, maxWidth: 'calc(100% - 90px)' }}
    >
      {unavailable && (
        <Typography
          variant="caption"
          role="status"
          color="warning.main"
          data-testid="trains-unavailable"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <WarningIcon fontSize="inherit" />
          {unavailable}
        </Typography>
      )}
      {tracked.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="caption" sx={{ fontWeight: 600, mr: 0.5 }}>
            {TRAIN_TEXTS.trackedTrains}
          </Typography>
          {tracked.map((t) => {
            const position = positions[t.tr];
            const label = position ? trainLabel(position.properties) : t.tr;
            return (
              <Chip
                key={t.tr}
                size="small"
                data-testid="tracked-train"
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    <Box
                      component="span"
                      sx={{
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        bgcolor: position ? trainColor(position.properties) : 'grey.500',
                      }}
                    />
                    {position === null ? TRAIN_TEXTS.trainUnknown(label) : label}
                  </Box>
                }
                onClick={
                  position
                    ? () =>
                        map
                          .getView()
                          .animate({ center: toView(position.geometry.coordinates), duration: MAP_FIT_DURATION })
                    : undefined
                }
                onDelete={t.fromSearch ? () => useMapStore.getState().set({ trackedTrain: null }) : undefined}
              />
            );
          })}
          <Tooltip title={TRAIN_TEXTS.reloadTrain}>
            <IconButton size="small" aria-label={TRAIN_TEXTS.reloadTrain} onClick={() => void reloadNow()}>
              <RefreshIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Paper>
  );
}
