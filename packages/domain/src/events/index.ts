export * from './lifecycle';
export * from './history';
export * from './address';
export * from './alerts';
