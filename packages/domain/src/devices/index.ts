/** Device self-test: parameters, their evaluation with the hints and thresholds of 001 §8, parsing. */
export * from './test';
export * from './debugPush';
