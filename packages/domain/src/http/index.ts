export * from './schema';
export * from './paging';
export * from './texts';
