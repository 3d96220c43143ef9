export * from './types';
export * from './ability';
export * from './rules';
