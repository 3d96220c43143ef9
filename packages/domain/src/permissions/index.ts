export * from './types';
export * from './ability';
export * from './rules';
export * from './eventWriteRules';
