/**
 * Server test files run two at a time (vitest.config.ts). Nodes that two files start on the one shared Redis
 * would hear each other's room emits and revisions (the same demo bases, the same default channel names), so
 * each test worker names its channels apart (REDIS_PREFIX, realtime/redis.ts); the nodes a file starts inherit
 * it with the environment, and the two nodes of one file share it.
 */
process.env.REDIS_PREFIX = `paneltest-${process.pid}`;
