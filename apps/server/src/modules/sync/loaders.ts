/**
 * Reads of the bundle: each loader takes row ids or an event scope, queries in batches (one query per table)
 * and returns wire shapes through the presenters. bundle.ts decides what to load; loaders/ know how.
 */
export * from './loaders/catalogues.js';
export * from './loaders/events.js';
export * from './loaders/children.js';
export * from './loaders/positions.js';
export type { EventScope } from './loaders/scope.js';
