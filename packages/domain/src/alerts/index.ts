export * from './schema';
export * from './texts';
