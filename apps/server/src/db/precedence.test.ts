/**
 * Work that goes first on a database (precedence.ts): background writes wait while something holds them back,
 * start as soon as the last hold is released, and never wait longer than their bound.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { backgroundMayStart, holdBackground } from './precedence.js';

const database = () => ({}) as Database;
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 20));
  return done;
};

describe('precedence of a database', () => {
  it('lets background writes start at once when nothing holds them back', async () => {
    const db = database();
    expect(await settled(backgroundMayStart(db, 60_000))).toBe(true);
    holdBackground(db)();
    expect(await settled(backgroundMayStart(db, 60_000))).toBe(true);
  });

  it('holds them back until the last hold is released, a release twice counting once', async () => {
    const db = database();
    const first = holdBackground(db);
    const second = holdBackground(db);
    const waiting = backgroundMayStart(db, 60_000);
    expect(await settled(waiting)).toBe(false);
    first();
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
    // another database was never held
    expect(await settled(backgroundMayStart(database(), 60_000))).toBe(true);
  });

  it('never longer than the bound: a hold never released does not starve them', async () => {
    const db = database();
    holdBackground(db);
    const started = performance.now();
    await backgroundMayStart(db, 80);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
