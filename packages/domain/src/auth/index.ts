export * from './schema';
export * from './types';
