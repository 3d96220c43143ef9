/** Vehicles and deployment (000 §4, §7): the calls' schemas of jobs and resources. */
export * from './schema';
export * from './texts';
