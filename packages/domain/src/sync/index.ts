export * from './types';
export * from './links';
export * from './pushFit';
