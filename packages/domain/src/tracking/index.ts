/** Live tracking (issue 14 items 4–6): ETA source, geofence rules, trails and tracks, the calls' schemas. */
export * from './types';
export * from './schema';
export * from './rules';
export * from './texts';
