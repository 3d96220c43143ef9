/**
 * Our own geographic data for the offline base map (GET /v2/map/*, see docs/API.md "Map data"): fetched with
 * the session headers, read into features of the view projection. The country outline is fetched once.
 */
import GeoJSON from 'ol/format/GeoJSON';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import { MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { api } from '../../../api/client';
import { toLonLat } from '../projection';

const format = new GeoJSON();

export function readFeatures(json: unknown): Feature<Geometry>[] {
  return format.readFeatures(json, {
    dataProjection: MAP_DATA_PROJECTION,
    featureProjection: MAP_VIEW_PROJECTION,
  }) as Feature<Geometry>[];
}

let country: Promise<Feature<Geometry>[]> | null = null;

/** The Czech outline (one feature); a failure is forgotten so that the next mount tries again. */
export function loadCountry(): Promise<Feature<Geometry>[]> {
  country ??= api.get<unknown>('/v2/map/country').then(readFeatures);
  country.catch(() => {
    country = null;
  });
  return country;
}

/** 'minLon,minLat,maxLon,maxLat' of a view extent. */
export function bboxParam(extent: readonly number[]): string {
  const [minLon, minLat] = toLonLat([extent[0], extent[1]]);
  const [maxLon, maxLat] = toLonLat([extent[2], extent[3]]);
  return [minLon, minLat, maxLon, maxLat].map((n) => n.toFixed(5)).join(',');
}
