/**
 * Root entry: every area as a namespace. Prefer the subpath imports (`@panel/domain/events`, `@panel/domain/auth`,
 * …): the domain is split by area, each with its schemas, rules and texts; `locale` is the Czech language
 * (formatting and the one `texts` catalogue).
 */
export * as alerts from './alerts/index';
export * as auth from './auth/index';
export * as constants from './constants/index';
export * as contacts from './contacts/index';
export * as devices from './devices/index';
export * as events from './events/index';
export * as health from './health/index';
export * as http from './http/index';
export * as locale from './locale/index';
export * as logs from './logs/index';
export * as map from './map/index';
export * as messages from './messages/index';
export * as positions from './positions/index';
export * as runCards from './runCards/index';
export * as shell from './shell/index';
export * as sync from './sync/index';
export * as tracking from './tracking/index';
export * as trains from './trains/index';
export * as vehicles from './vehicles/index';
export * as webPush from './webPush/index';
