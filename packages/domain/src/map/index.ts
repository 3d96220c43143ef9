/** Map helpers shared by the panel and the server. */
export * from './geometry';
export * from './distance';
export * from './nearby';
export * from './search';
export * from './searchSchema';
export * from './coordinates';
export * from './layers';
export * from './reverse';
export * from './panorama';
export * from './rules';
export * from './texts';
export * from './schema';
export * from './objectsSchema';
export * from './baseMapSchema';
