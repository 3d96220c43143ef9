import { afterEach, describe, expect, it, vi } from 'vitest';
import { installProcessGuards, isDependencyFailure } from './processGuards.js';

describe('process guards', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    uninstall = null;
  });

  it('classifies dependency failures (database, sockets, Redis client) apart from programming errors', () => {
    expect(isDependencyFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyFailure(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isDependencyFailure(Object.assign(new Error('x'), { name: 'SocketClosedUnexpectedlyError' }))).toBe(true);
    expect(isDependencyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('logs a dependency failure nobody caught and goes on; exits 1 on anything else', async () => {
    const log = { warn: vi.fn(), fatal: vi.fn() };
    const exit = vi.fn();
    uninstall = installProcessGuards(log, exit);
    // emitted the way Node does for an unheard pool `error` event and a forgotten rejected promise
    process.emit('uncaughtException', Object.assign(new Error('terminating connection'), { code: '57P01' }));
    process.emit('unhandledRejection', new Error('timeout exceeded when trying to connect'), Promise.resolve());
    await new Promise((r) => setImmediate(r));
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(exit).not.toHaveBeenCalled();

    process.emit('unhandledRejection', new TypeError('x is not a function'), Promise.resolve());
    await new Promise((r) => setImmediate(r));
    expect(log.fatal).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledWith(1);
  });
});
