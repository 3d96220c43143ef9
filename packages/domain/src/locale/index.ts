/**
 * The Czech language, the one area that is not a business area: formatting every area shares — dates and the
 * Prague clock, shifts, relative dates, plural forms, phone numbers, distances — and the one `texts` catalogue,
 * assembled from the areas' own texts files (`events/texts.ts` …) so that callers read `texts.events.…`.
 * Nothing here knows a rule of an area; an area's wording lives in the area, only the language is shared.
 */
export * from './texts';
export * from './plural';
export * from './dates';
export * from './phone';
export * from './distance';
export * from './smartDate';
