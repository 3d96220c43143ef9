/**
 * Special rail vehicles (001 §2, §3, §9; toolbar toggle): POST /muv-location in a cluster layer (distance 40),
 * active (reported within 1 hour) vs inactive look, name labels; refreshed every 30 s while shown.
 */
import { useEffect, useState } from 'react';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { LAYER_Z, SPECIAL_VEHICLE_CLUSTER_DISTANCE, TRAIN_REFRESH_PERIOD } from '@panel/domain/constants';
import { fetchSpecialVehicles } from '../../api/trains';
import { useMap } from '../map/MapContext';
import { clusterClick, clusterStyle } from '../map/layers/clusterStyle';
import { whenIconFontReady } from '../map/layers/markers';
import { specialVehicleFeature } from './features';
import { SPECIAL_VEHICLE_COLORS } from './styles';

export function SpecialVehiclesLayer() {
  const map = useMap();
  const [source] = useState(() => new VectorSource());

  useEffect(() => {
    const cluster = new Cluster({ source, distance: SPECIAL_VEHICLE_CLUSTER_DISTANCE });
    const click = clusterClick(map);
    cluster.on('addfeature', (e) => e.feature?.set('onClick', click));
    const layer = new VectorLayer({
      source: cluster,
      style: clusterStyle(SPECIAL_VEHICLE_COLORS.cluster),
      zIndex: LAYER_Z.vehicles,
      properties: { name: 'special-vehicles' },
    });
    map.addLayer(layer);
    void whenIconFontReady().then(() => source.changed());
    return () => {
      map.removeLayer(layer);
    };
  }, [map, source]);

  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const answer = await fetchSpecialVehicles();
        if (stopped) return;
        const now = new Date();
        source.clear(true);
        source.addFeatures((answer.features ?? []).map((f) => specialVehicleFeature(f, now)));
      } catch (error) {
        console.error('muv-location', error);
      }
    };
    void load();
    const timer = setInterval(() => void load(), TRAIN_REFRESH_PERIOD);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [source]);

  return null;
}
