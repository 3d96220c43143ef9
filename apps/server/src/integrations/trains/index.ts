export * from './clock.js';
export * from './provider.js';
export * from './simulation.js';
export * from './types.js';
