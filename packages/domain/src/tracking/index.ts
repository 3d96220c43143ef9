/** Live tracking (issue 14 items 4–6): ETA source, geofence rules, trails and tracks. */
export * from './types';
export * from './rules';
export * from './texts';
