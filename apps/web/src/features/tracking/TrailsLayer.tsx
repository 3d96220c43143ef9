/**
 * Vehicle trails (issue 14 item 6): with the map's 'Stopy vozidel (30 min)' switch on, the last 30 minutes of
 * every vehicle the user may follow (GET /v2/resources/trails), under the deployment tracks and the vehicle markers (z 97). Reloaded every
 * 30 s and after the vehicles change (a push), at most every 5 s.
 */
import { useMemo } from 'react';
import { LAYER_Z } from '@panel/domain/constants';
import { fetchTrails } from '../../api/tracking';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useVectorLayer } from '../map/layers/useVectorLayer';
import { trailFeature } from './trackFeatures';
import { usePolled } from './usePolled';

export function TrailsLayer() {
  const source = useVectorLayer({ name: 'trails', zIndex: LAYER_Z.jobLines - 2 });
  const resources = useEntitiesStore((s) => s.resources);
  // the positions' times: a moved vehicle changes the key
  const key = useMemo(
    () =>
      Object.values(resources)
        .map((r) => r.pnt?.updatedAt ?? '')
        .join('|'),
    [resources],
  );
  usePolled(true, key, fetchTrails, (trails) => {
    source.clear(true);
    source.addFeatures(trails.filter((t) => t.points.length > 1).map(trailFeature));
  });
  return null;
}
