export * from './rules';
export * from './schema';
