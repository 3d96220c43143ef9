/** Root entry; prefer the subpath imports (`@panel/domain/locale`, `@panel/domain/permissions`, …). */
export * as auth from './auth/index';
export * as constants from './constants/index';
export * as events from './events/index';
export * as locale from './locale/index';
export * as map from './map/index';
export * as permissions from './permissions/index';
export * as sync from './sync/index';
export * as validation from './validation/index';
export * as messages from './messages/index';
export * as tracking from './tracking/index';
export * as http from './http/index';
