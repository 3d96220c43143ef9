export * from './lifecycle';
export * from './history';
export * from './address';
export * from './alerts';
export * from './schema';
export * from './ktc';
