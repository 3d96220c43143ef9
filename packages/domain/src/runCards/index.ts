/** Run cards ('poplachový plán', issue 26 item 1): schemas of the calls, the matching/proposal/shortfall rules, texts. */
export * from './schema';
export * from './rules';
export * from './texts';
export * from './types';
