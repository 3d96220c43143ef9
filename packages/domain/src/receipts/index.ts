/** Delivery receipts per device (issue 25 item 1): the calls' schemas, the rules and the texts. */
export * from './schema';
export * from './rules';
export * from './texts';
