/**
 * Authentication and authorisation: the login and session calls' schemas, and who may do what — the permission
 * names, the CASL ability built from the user's grants (000 §6, 001 §6) and the user as every area's rules read it.
 */
export * from './schema';
export * from './texts';
export * from './permissions';
export * from './ability';
