/** Devices (001 §2, §3, §7): the calls' schemas, the self-test evaluation, the debug push. */
export * from './schema';
export * from './texts';
export * from './test';
export * from './debugPush';
