/**
 * Every feature under the place the menu was opened (the menu's `feature` is only the topmost one: a vehicle
 * standing on a target would hide the target). Without a map (unit tests) just the menu's feature.
 */
import type { FeatureLike } from 'ol/Feature';
import type { MapMenuContext } from '../contextMenu/menuTypes';
import { toView } from '../projection';

export function featuresAt(ctx: Pick<MapMenuContext, 'map' | 'lonLat' | 'feature'>): FeatureLike[] {
  const list: FeatureLike[] = ctx.feature ? [ctx.feature] : [];
  if (!ctx.map) return list;
  try {
    const pixel = ctx.map.getPixelFromCoordinate(toView(ctx.lonLat));
    if (pixel) {
      for (const f of ctx.map.getFeaturesAtPixel(pixel, { hitTolerance: 4 })) if (!list.includes(f)) list.push(f);
    }
  } catch {
    // a map without a size (not rendered yet): the topmost feature only
  }
  return list;
}

/** The first feature under the pointer carrying this property. */
export function featureWith(
  ctx: Pick<MapMenuContext, 'map' | 'lonLat' | 'feature'>,
  property: string,
): FeatureLike | null {
  return featuresAt(ctx).find((f) => f.get(property) != null) ?? null;
}
