/** Test helpers: a real OpenLayers map without a target (layers, view, zoom) and a fetch router. */
import type { ReactElement } from 'react';
import OlMap from 'ol/Map';
import View from 'ol/View';
import type VectorLayer from 'ol/layer/Vector';
import type VectorSource from 'ol/source/Vector';
import type Feature from 'ol/Feature';
import { vi } from 'vitest';
import { MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { renderUi } from '../../test/utils';
import { MapContext } from './MapContext';
import { RESOLUTIONS, registerProjection } from './projection';

/** jsdom has no ResizeObserver; OpenLayers creates one per map. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function makeTestMap(zoom = 0): OlMap {
  registerProjection();
  if (typeof globalThis.ResizeObserver === 'undefined') vi.stubGlobal('ResizeObserver', NoResizeObserver);
  return new OlMap({
    view: new View({
      projection: MAP_VIEW_PROJECTION,
      resolutions: [...RESOLUTIONS],
      center: [-740000, -1050000],
      zoom,
    }),
    controls: [],
    interactions: [],
  });
}

export function renderWithMap(ui: ReactElement, map: OlMap = makeTestMap()) {
  const result = renderUi(<MapContext.Provider value={map}>{ui}</MapContext.Provider>);
  return { ...result, map };
}

export function layerByName(map: OlMap, name: string): VectorLayer<VectorSource> | undefined {
  return map
    .getLayers()
    .getArray()
    .find((l) => l.get('name') === name) as VectorLayer<VectorSource> | undefined;
}

/** The features of a named layer (a cluster layer: its members). */
export function layerFeatures(map: OlMap, name: string): Feature[] {
  const layer = layerByName(map, name);
  if (!layer) return [];
  const source = layer.getSource() as VectorSource & { getSource?: () => VectorSource | null };
  const inner = typeof source.getSource === 'function' ? source.getSource() : null;
  return (inner ?? source).getFeatures();
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };

/** fetch replaced by a list of [method, path regex, answer]; the first match answers; calls recorded. */
export function routeFetch(routes: [string, RegExp, (call: Call) => Answer | Promise<Answer>][]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const call: Call = { method, path: url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body };
      calls.push(call);
      const route = routes.find(([m, re]) => m === method && re.test(url));
      const answer = route ? await route[2](call) : { status: 404, body: { message: 'not found' } };
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}
