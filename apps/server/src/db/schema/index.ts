/** The whole Drizzle schema (one file per area). */
export * from './auth.js';
export * from './bases.js';
export * from './devices.js';
export * from './catalogues.js';
export * from './events.js';
export * from './messages.js';
export * from './contacts.js';
export * from './resources.js';
export * from './map.js';
export * from './system.js';
export * from './queue.js';
export * from './railway.js';
export * from './positions.js';
export * from './receipts.js';
export * from './alerts.js';
export * from './webPush.js';
export * from './reports.js';
