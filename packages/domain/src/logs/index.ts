export * from './schema';
export * from './texts';
export * from './policy';
