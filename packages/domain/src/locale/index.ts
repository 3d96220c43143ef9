export * from './texts';
export * from './plural';
export * from './dates';
export * from './phone';
export * from './distance';
export * from './smartDate';
