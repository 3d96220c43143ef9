/**
 * The Redis link state machine: one transition and one log line per outage and per recovery, however many
 * failed reconnect attempts the clients report in between.
 */
import { describe, expect, it } from 'vitest';
import { createRedisLink } from './redisLink.js';

function setup() {
  const logged: string[] = [];
  const changes: string[] = [];
  let clock = 1_000_000;
  const link = createRedisLink({ log: (l) => logged.push(l), now: () => clock });
  link.onChange((s) => changes.push(s));
  return { link, logged, changes, advance: (ms: number) => (clock += ms) };
}

describe('Redis link state', () => {
  it('is down while first connecting, and comes up without logging an outage', () => {
    const { link, logged, changes } = setup();
    expect(link.state()).toBe('down');
    link.report(false); // still connecting, no error yet
    link.report(true);
    expect(link.state()).toBe('up');
    expect(changes).toEqual(['up']);
    expect(logged).toEqual([]);
  });

  it('logs an outage once and its recovery once, whatever the number of failed attempts', () => {
    const { link, logged, changes, advance } = setup();
    link.report(true);
    for (let i = 0; i < 50; i++) link.report(false, new Error('ECONNREFUSED'));
    advance(12_400);
    link.report(true);
    link.report(true);
    expect(changes).toEqual(['up', 'down', 'up']);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^Redis lost \(ECONNREFUSED\): this node keeps serving/);
    expect(logged[1]).toBe('Redis is back after 12 s: cross-node push restored');
  });

  it('logs a start without Redis once, then the recovery', () => {
    const { link, logged, changes } = setup();
    for (let i = 0; i < 10; i++) link.report(false, new Error('ECONNREFUSED'));
    expect(link.state()).toBe('down');
    expect(changes).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Redis unavailable at start \(ECONNREFUSED\)/);
    link.report(true);
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatch(/^Redis is back/);
    expect(changes).toEqual(['up']);
  });

  it('logs a second outage again (once)', () => {
    const { link, logged } = setup();
    link.report(true);
    link.report(false, new Error('a'));
    link.report(true);
    link.report(false, new Error('b'));
    link.report(false, new Error('c'));
    expect(logged.filter((l) => l.startsWith('Redis lost'))).toHaveLength(2);
    expect(logged.at(-1)).toMatch(/^Redis lost \(b\)/);
  });

  it('keeps notifying the other listeners when one throws', () => {
    const { link } = setup();
    const seen: string[] = [];
    link.onChange(() => {
      throw new Error('listener bug');
    });
    link.onChange((s) => seen.push(s));
    const error = console.error;
    console.error = () => undefined;
    try {
      link.report(true);
    } finally {
      console.error = error;
    }
    expect(seen).toEqual(['up']);
  });
});
