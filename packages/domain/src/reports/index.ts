/** Response-time reports (issue 26 item 2): the call's schemas, the rules, the CSV and the texts. */
export * from './schema';
export * from './rules';
export * from './csv';
export * from './texts';
