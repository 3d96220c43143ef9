/**
 * Intervention zones (001 §2, §3; toolbar toggle): GET /jpo-area polygons filled with their colour
 * (translucent, solid border) and GET /jpo-point unit points with names. Loaded once per panel session.
 */
import { useEffect } from 'react';
import { LAYER_Z } from '@panel/domain/constants';
import { fetchUnitPoints, fetchZones, type JpoFeature } from '../../api/trains';
import { useVectorLayer } from '../map/layers/useVectorLayer';
import { unitPointFeatures, zoneFeatures } from './features';

/** Under everything but the base map. */
export const ZONES_Z = 5;

let zonesOnce: Promise<{ zones: JpoFeature[]; points: JpoFeature[] }> | null = null;

/** The zones and unit points, fetched once (a failure is logged and retried at the next showing). */
export function loadZones() {
  zonesOnce ??= Promise.all([fetchZones(), fetchUnitPoints()]).then(
    ([areas, points]) => ({ zones: areas.features ?? [], points: points.features ?? [] }),
    (error: unknown) => {
      zonesOnce = null;
      throw error;
    },
  );
  return zonesOnce;
}

/** For tests: forget the loaded zones. */
export function resetZonesCache() {
  zonesOnce = null;
}

export function ZonesLayer() {
  const areas = useVectorLayer({ name: 'zones', zIndex: ZONES_Z });
  const units = useVectorLayer({ name: 'zone-units', zIndex: LAYER_Z.points + 1, declutter: 'zones' });

  useEffect(() => {
    let stopped = false;
    loadZones().then(
      ({ zones, points }) => {
        if (stopped) return;
        areas.clear(true);
        areas.addFeatures(zoneFeatures(zones));
        units.clear(true);
        units.addFeatures(unitPointFeatures(points));
      },
      (error: unknown) => console.error('jpo-area / jpo-point', error),
    );
    return () => {
      stopped = true;
    };
  }, [areas, units]);

  return null;
}
