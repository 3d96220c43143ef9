/**
 * Map helpers for the journeys: the panel exposes its OpenLayers map as `window.__panelMap`. Only the few
 * methods the journeys use are typed here (e2e does not depend on OpenLayers).
 */
import { expect, type Page } from '@playwright/test';

interface OlFeature {
  get(key: string): unknown;
  getGeometry(): { getCoordinates(): number[] } | undefined;
}
interface OlLayer {
  get(key: string): unknown;
  getLayers?(): { getArray(): OlLayer[] };
  getSource?(): { getFeatures?(): OlFeature[] } | null;
}
export interface PanelMap {
  getLayers(): { getArray(): OlLayer[] };
  getView(): {
    getCenter(): number[] | undefined;
    getZoom(): number | undefined;
    setCenter(c: number[]): void;
    setZoom(z: number): void;
    getAnimating(): boolean;
    getInteracting(): boolean;
  };
  getPixelFromCoordinate(c: number[]): number[];
  render(): void;
  once(type: 'rendercomplete', listener: () => void): void;
}

declare global {
  interface Window {
    __panelMap?: PanelMap;
  }
}

export interface MapState {
  center: [number, number];
  zoom: number;
  /** feature count per named layer (layer groups are walked) */
  layers: Record<string, number>;
}

/**
 * Waits until the map stands still and has drawn everything it shows: no view animation or gesture running,
 * then OpenLayers' `rendercomplete` (every tile and feature of the frame drawn) — what a user sees before a
 * click on a point of the map or a picture of it.
 */
export async function mapDrawn(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () => !window.__panelMap!.getView().getAnimating() && !window.__panelMap!.getView().getInteracting(),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__panelMap!;
        map.once('rendercomplete', () => resolve());
        map.render();
      }),
  );
}

export function mapState(page: Page): Promise<MapState> {
  return page.evaluate(() => {
    const map = window.__panelMap;
    const layers: Record<string, number> = {};
    // the map is a lazily loaded chunk: not there yet right after a (re)load
    if (!map) return { center: [NaN, NaN] as [number, number], zoom: NaN, layers };
    const visit = (list: OlLayer[]) => {
      for (const layer of list) {
        if (layer.getLayers) visit(layer.getLayers().getArray());
        const name = layer.get('name');
        const features = layer.getSource?.()?.getFeatures?.();
        if (typeof name === 'string' && features) layers[name] = features.length;
      }
    };
    visit(map.getLayers().getArray());
    const c = map.getView().getCenter() ?? [NaN, NaN];
    return { center: [c[0], c[1]] as [number, number], zoom: map.getView().getZoom()!, layers };
  });
}

/** The view coordinates of the features of a named layer, and a property of each. */
export function layerFeatures(
  page: Page,
  name: string,
  property?: string,
): Promise<{ xy: number[] | null; value: unknown }[]> {
  return page.evaluate(
    ([layerName, prop]) => {
      const find = (list: OlLayer[]): OlLayer | undefined => {
        for (const layer of list) {
          if (layer.get('name') === layerName) return layer;
          const inner = layer.getLayers ? find(layer.getLayers().getArray()) : undefined;
          if (inner) return inner;
        }
        return undefined;
      };
      const layer = find(window.__panelMap!.getLayers().getArray());
      return (layer?.getSource?.()?.getFeatures?.() ?? []).map((f) => ({
        xy: f.getGeometry()?.getCoordinates() ?? null,
        value: prop ? f.get(prop) : null,
      }));
    },
    [name, property ?? null] as const,
  );
}

export const hasLayer = (page: Page, name: string) =>
  page.evaluate(
    (n) =>
      window
        .__panelMap!.getLayers()
        .getArray()
        .some((l) => l.get('name') === n),
    name,
  );

/**
 * Waits until `layer` shows features, lets auto-centre fit the active target, then switches auto-centre off so
 * the map stays put while a journey clicks or measures on it.
 */
export async function holdMap(page: Page, layer: string): Promise<void> {
  await expect.poll(async () => (await mapState(page)).layers[layer] ?? 0).toBeGreaterThan(0);
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Automatické centrování' }).click();
}
