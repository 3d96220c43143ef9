/** Vehicles and deployment (000 §4, §6, §7): the calls' schemas of jobs and resources, the deployment rules, texts. */
export * from './schema';
export * from './rules';
export * from './texts';
