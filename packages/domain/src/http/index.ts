/**
 * The wire contract every area shares: error bodies and small answers, paging, the id and int schemas, the 422
 * field errors, the texts of refusals. Importing it also makes zod's own messages Czech (czechZod).
 */
import './czechZod';
export * from './schema';
export * from './paging';
export * from './fieldErrors';
export * from './wireValues';
export * from './texts';
