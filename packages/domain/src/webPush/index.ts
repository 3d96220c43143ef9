/** Web Push to closed or background panels (issue 25 item 2): calls, payload, notification rules, texts. */
export * from './schema';
export * from './rules';
export * from './texts';
