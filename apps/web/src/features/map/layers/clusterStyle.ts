/**
 * Clustered point layers: a cluster of one shows its feature's own style; more show a count bubble, and a
 * click zooms to fit them (001 §4: max zoom 30 on fit, 500 ms).
 */
import type Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import { boundingExtent } from 'ol/extent';
import type OlMap from 'ol/Map';
import type { Point } from 'ol/geom';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { CLUSTER_FIT_MAX_ZOOM, MAP_FIT_DURATION } from '@panel/domain/constants';

const bubbles = new Map<string, Style>();

export function clusterStyle(color: string) {
  return (feature: FeatureLike, resolution: number) => {
    const members = (feature.get('features') ?? []) as Feature[];
    if (members.length === 1) {
      const own = members[0].getStyle();
      return typeof own === 'function' ? own(members[0], resolution) : (own ?? undefined);
    }
    const key = `${color}|${members.length}`;
    let style = bubbles.get(key);
    if (!style) {
      const radius = Math.min(18, 9 + Math.log2(members.length) * 2);
      style = new Style({
        image: new Circle({ radius, fill: new Fill({ color }), stroke: new Stroke({ color: '#ffffff', width: 3 }) }),
        text: new Text({
          text: String(members.length),
          font: '700 12px Roboto, Arial, sans-serif',
          fill: new Fill({ color: '#fff' }),
        }),
      });
      bubbles.set(key, style);
    }
    return style;
  };
}

/** The click handler of a cluster feature: one member → its own handler; more → fit them. */
export function clusterClick(map: OlMap) {
  return (feature: FeatureLike) => {
    const members = (feature.get('features') ?? []) as Feature[];
    if (members.length === 1) {
      const own = members[0].get('onClick') as ((f: FeatureLike) => void) | undefined;
      own?.(members[0]);
      return;
    }
    const extent = boundingExtent(members.map((m) => (m.getGeometry() as Point).getCoordinates()));
    map.getView().fit(extent, { maxZoom: CLUSTER_FIT_MAX_ZOOM, duration: MAP_FIT_DURATION, padding: [60, 60, 60, 60] });
  };
}
