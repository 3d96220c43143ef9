/**
 * Jobs (z 160, coloured by job status), their route and waypoint lines (z 99), free vehicles and devices
 * (z 160, clustered: a base's vehicles stand on one spot); positions older than 300 s are marked stale.
 * Redrawn on data changes and every 30 s (staleness).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { waypointsShownFor } from '@panel/domain/vehicles';
import type { EventJob } from '@panel/domain/sync';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { LAYER_Z } from '@panel/domain/constants';
import { useMap } from '../MapContext';
import { clusterClick, clusterStyle } from './clusterStyle';
import { LABEL_DECLUTTER } from './declutter';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { whenIconFontReady } from './markers';
import { resourceIcons } from './resourceIcons';
import { useVectorLayer } from './useVectorLayer';
import { deviceFeatures, freeVehicleFeatures, jobFeatures, jobLineFeatures, type VehicleData } from './vehicleFeatures';

const STALE_TICK_MS = 30_000;
const WAYPOINT_TICK_MS = 1000;
const select = (uuid: string) => useUiStore.getState().setActiveEvent(uuid);

export function VehiclesLayer() {
  const jobsMap = useEntitiesStore((s) => s.eventJobs);
  const resources = useEntitiesStore((s) => s.resources);
  const resourceTypes = useEntitiesStore((s) => s.resourceTypes);
  const bases = useEntitiesStore((s) => s.bases);
  const events = useEntitiesStore((s) => s.events);
  const devicesMap = useEntitiesStore((s) => s.devices);
  const [tick, setTick] = useState(0);
  // a type's icon file settled (loaded or failed): rebuild the markers so they draw it, or keep the glyph
  const [iconsSettled, setIconsSettled] = useState(0);
  useEffect(() => resourceIcons.subscribe(() => setIconsSettled((n) => n + 1)), []);
  const lines = useVectorLayer({ name: 'job-lines', zIndex: LAYER_Z.jobLines });
  const vehicles = useVectorLayer({ name: 'vehicles', zIndex: LAYER_Z.vehicles + 1, declutter: LABEL_DECLUTTER });
  const free = useFreeVehicleCluster();

  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), STALE_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // 001 §4: the waypoint line shows while showWaypointsTimeout is above 0; the wire value is the seconds left
  // when the row arrived, counted down here from its receipt (a job object is replaced when its row changes)
  const receivedAt = useRef(new WeakMap<EventJob, number>());
  const [waypointTick, setWaypointTick] = useState(0);
  const jobs = useMemo(() => {
    const now = Date.now();
    return Object.values(jobsMap).map((job) => {
      if (!(job.showWaypointsTimeout > 0)) return job;
      let at = receivedAt.current.get(job);
      if (at === undefined) receivedAt.current.set(job, (at = now));
      return { ...job, showWaypointsTimeout: waypointsShownFor({ value: job.showWaypointsTimeout, at }, now) };
    });
    // waypointTick: count down
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobsMap, waypointTick]);
  const counting = jobs.some((j) => j.showWaypointsTimeout > 0);
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setWaypointTick((t) => t + 1), WAYPOINT_TICK_MS);
    return () => clearInterval(timer);
  }, [counting]);

  const data: VehicleData = useMemo(
    () => ({
      jobs,
      resources,
      resourceTypes,
      bases,
      events,
      now: new Date(),
      onSelectEvent: select,
    }),
    // tick: re-evaluate staleness; iconsSettled: draw the icon files that have loaded
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [jobs, resources, resourceTypes, bases, events, tick, iconsSettled],
  );

  useEffect(() => {
    lines.clear(true);
    lines.addFeatures(jobLineFeatures(data));
    vehicles.clear(true);
    vehicles.addFeatures(jobFeatures(data));
    free.clear(true);
    free.addFeatures([...freeVehicleFeatures(data), ...deviceFeatures(Object.values(devicesMap), data.now)]);
  }, [lines, vehicles, free, data, devicesMap]);

  useEffect(() => {
    void whenIconFontReady().then(() => {
      vehicles.changed();
      free.changed();
    });
  }, [vehicles, free]);

  return null;
}

/** Free vehicles and devices in a cluster layer (distance 30 px); returns the source to fill. */
function useFreeVehicleCluster(): VectorSource {
  const map = useMap();
  const [source] = useState(() => new VectorSource());
  useEffect(() => {
    const cluster = new Cluster({ source, distance: 30, minDistance: 10 });
    const click = clusterClick(map);
    cluster.on('addfeature', (e) => e.feature?.set('onClick', click));
    const layer = new VectorLayer({
      source: cluster,
      style: clusterStyle('rgba(55, 71, 79, 0.8)'),
      zIndex: LAYER_Z.vehicles,
      properties: { name: 'free-vehicles' },
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);
  return source;
}
