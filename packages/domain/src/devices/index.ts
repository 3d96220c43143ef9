/** Devices (001 §2, §3, §6, §7): the calls' schemas, the management rules, the self-test evaluation, the debug push. */
export * from './schema';
export * from './rules';
export * from './texts';
export * from './test';
export * from './debugPush';
