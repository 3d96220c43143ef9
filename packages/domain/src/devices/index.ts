/**
 * Devices (001 §2, §3, §6, §7): the calls' schemas, the management rules, the self-test evaluation. The debug push
 * to a device's panels is the logs area's (`@panel/domain/logs`).
 */
export * from './schema';
export * from './rules';
export * from './texts';
export * from './test';
export * from './policy';
