/** The printable incident report of one event (issue 26 item 3): its call's schema, journal readings, texts. */
export * from './schema';
export * from './rules';
export * from './texts';
