/**
 * The base map shown for the chosen layer at the current zoom (fallback chain of `@panel/domain/map`), the
 * overlays (cadastre, ÚHÚL's hunting grounds, road traffic, drone WMS) at the overlay opacity, and the country mask above them.
 */
import { BASE_LAYERS, OVERLAYS, effectiveBaseLayer, type OverlayId } from '@panel/domain/map';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useMapStore } from '../mapStore';
import { useMapZoom } from '../useMapZoom';
import { CountryMask } from './CountryMask';
import { DroneLayer } from './DroneLayer';
import { OfflineBaseMap } from './OfflineBaseMap';
import { ServiceLayer } from './ServiceLayer';
import { isFailing, useTileHealthStore } from './tileHealth';

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
  // a base layer whose tiles do not arrive (neither directly nor through the tile proxy): our map shows under it
  const baseFailing = useTileHealthStore((s) => isFailing(s.failures, `base-${effective}`));

  return (
    <>
      <OfflineBaseMap visible={effective === 'offline' || (Boolean(service) && baseFailing)} />
      {service && (
        <ServiceLayer
          key={effective}
          name={`base-${effective}`}
          label={BASE_LAYERS.find((l) => l.id === effective)?.label ?? effective}
          source={service}
          zIndex={1}
        />
      )}
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
            label={OVERLAYS.find((o) => o.id === id)?.label ?? id}
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
