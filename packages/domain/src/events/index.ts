/** Events (000 §2–§6): lifecycle, history, address, alerts, the calls' schemas, the rules, the event form, texts. */
export * from './lifecycle';
export * from './history';
export * from './address';
export * from './alerts';
export * from './schema';
export * from './ktc';
export * from './rules';
export * from './writeRules';
export * from './categoryRules';
export * from './form';
export * from './formLayout';
export * from './texts';
export * from './railwayOperator';
export * from './policy';
