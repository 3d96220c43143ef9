/** The current zoom level of the map (integer, updated on every resolution change). */
import { useEffect, useState } from 'react';
import { useMap } from './MapContext';

export function useMapZoom(): number {
  const map = useMap();
  const view = map.getView();
  const [zoom, setZoom] = useState(() => Math.round(view.getZoom() ?? 0));
  useEffect(() => {
    const update = () => setZoom(Math.round(view.getZoom() ?? 0));
    view.on('change:resolution', update);
    update();
    return () => view.un('change:resolution', update);
  }, [view]);
  return zoom;
}
