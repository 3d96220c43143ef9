export * from './types';
export * from './ability';
export * from './rules';
export * from './eventWriteRules';
export * from './jobRules';
