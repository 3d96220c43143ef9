export * from './types';
export * from './links';
