/** Vehicle and device positions (issue 14): the Czech bounds, refusal reasons, tracker administration, the calls' schemas. */
export * from './bounds';
export * from './refusals';
export * from './trackers';
export * from './schema';
export * from './texts';
