export * from './schema';
export * from './paging';
