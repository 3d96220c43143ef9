/** The country mask: everything outside the Czech Republic under a grey veil, above every base layer. */
import { useEffect } from 'react';
import Feature from 'ol/Feature';
import { MultiPolygon, Polygon } from 'ol/geom';
import { fromExtent } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { useMap } from '../MapContext';
import { loadCountry } from './mapData';
import { MASK } from './offlineStyles';

/** Far beyond anything the view can show around the country (S-JTSK metres). */
const MASK_EXTENT = [-3_000_000, -3_000_000, 1_000_000, 1_000_000];

/** A polygon far around the country with the country's outer rings as holes. */
export function maskGeometry(country: Polygon | MultiPolygon): Polygon {
  const outer = fromExtent(MASK_EXTENT).getLinearRing(0)!.getCoordinates();
  const parts = country instanceof MultiPolygon ? country.getPolygons() : [country];
  const holes = parts.map((p) => p.getLinearRing(0)!.getCoordinates());
  return new Polygon([outer, ...holes]);
}

export function CountryMask() {
  const map = useMap();
  useEffect(() => {
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: MASK, zIndex: 20, properties: { name: 'country-mask' } });
    map.addLayer(layer);
    let alive = true;
    loadCountry()
      .then((features) => {
        const geometry = features[0]?.getGeometry();
        if (!alive || !(geometry instanceof Polygon || geometry instanceof MultiPolygon)) return;
        source.addFeature(new Feature(maskGeometry(geometry)));
      })
      .catch((error: unknown) => console.warn('[map] country mask failed', error));
    return () => {
      alive = false;
      map.removeLayer(layer);
    };
  }, [map]);
  return null;
}
