/** Event contacts, the commander and SMS (000 §2, §4, §5, §6): the calls' schemas, the rules, the forms, texts. */
export * from './schema';
export * from './rules';
export * from './form';
export * from './texts';
