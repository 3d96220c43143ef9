/**
 * The base map shown for the chosen layer at the current zoom (fallback chain of `@panel/domain/map`), the
 * overlays (cadastre, ÚHÚL's hunting grounds, road traffic, drone WMS) at the overlay opacity, and the country mask above them.
 */
import { effectiveBaseLayer, type OverlayId } from '@panel/domain/map';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useMapStore } from '../mapStore';
import { useMapZoom } from '../useMapZoom';
import { CountryMask } from './CountryMask';
import { DroneLayer } from './DroneLayer';
import { OfflineBaseMap } from './OfflineBaseMap';
import { ServiceLayer } from './ServiceLayer';

const OVERLAY_Z: Record<OverlayId, number> = { cadastre: 30, hunting: 31, traffic: 32, drone: 33 };

export function BaseLayers() {
  const config = useEntitiesStore((s) => s.settings.mapLayers ?? null);
  const chosen = useMapStore((s) => s.baseLayer);
  const overlays = useMapStore((s) => s.overlays);
  const droneLayer = useMapStore((s) => s.droneLayer);
  const opacity = useMapStore((s) => s.opacity);
  const zoom = useMapZoom();
  const effective = effectiveBaseLayer(chosen, zoom, config);
  const service = effective === 'offline' ? null : (config?.[effective] ?? null);

  return (
    <>
      <OfflineBaseMap visible={effective === 'offline'} />
      {service && <ServiceLayer key={effective} name={`base-${effective}`} source={service} zIndex={1} />}
      {(Object.keys(OVERLAY_Z) as OverlayId[]).map((id) => {
        const source = config?.[id];
        if (!overlays[id] || !source) return null;
        // the drone layer's CRS depends on what its service offers (DroneLayer)
        if (id === 'drone') {
          return <DroneLayer key={id} source={source} layer={droneLayer} zIndex={OVERLAY_Z.drone} opacity={opacity} />;
        }
        return (
          <ServiceLayer
            key={`${id}-${source.layers ?? ''}`}
            name={`overlay-${id}`}
            source={source}
            zIndex={OVERLAY_Z[id]}
            opacity={opacity}
            overlay
          />
        );
      })}
      <CountryMask />
    </>
  );
}
