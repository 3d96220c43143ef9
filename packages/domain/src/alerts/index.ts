export * from './schema';
export * from './texts';
export * from './escalation';
export * from './escalationRules';
