/** Pure permission rules; the server enforces them, the panel hides or disables. */
export * from './eventRules';
export * from './contactRules';
export * from './messageRules';
export * from './categoryRules';
