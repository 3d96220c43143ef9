/**
 * A pull whose compressed bytes are still being made takes the newest answer of its base whose bytes are made
 * (standIn.ts): never one older than the panel holds, nor older than COALESCE_MS, nor of another encoding; its
 * own once made; a newer stand-in is never replaced by an older one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client.js';
import { EncodedAnswer } from '../../../sync/encodedAnswer.js';
import { COALESCE_MS, forgetDeltas } from './cache.js';
import { noteOrigin, readyOrStandIn } from './standIn.js';

/** an answer of `upTo` from base and key `key`, big enough to be worth compressing */
function answerOf(key: string, upTo: number): EncodedAnswer {
  const answer = new EncodedAnswer(JSON.stringify({ uid: `e/${upTo}`, positions: 'x'.repeat(4096) }));
  noteOrigin(answer, key, upTo);
  return answer;
}

describe('compressed stand-ins', () => {
  // the clock stands still (a stand-in's age is part of the rule); compression on the threadpool stays real
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a pull waiting for its bytes takes the newest made answer of its base, if it holds no more than that', async () => {
    const db = {} as Database;
    const a = answerOf('base|user', 5);
    // nothing made yet: its own answer, whose bytes are then kept as the base's stand-in
    expect(readyOrStandIn(db, a, 'br', 3)).toBe(a);
    await a.encoded('br');
    expect(readyOrStandIn(db, a, 'br', 3)).toBe(a);

    const b = answerOf('base|user', 7);
    const now = Date.now();
    expect(readyOrStandIn(db, b, 'br', 4, now)).toBe(a);
    expect(readyOrStandIn(db, b, 'br', 5, now)).toBe(a);
    // the panel holds more than the stand-in reaches, the stand-in is too old, another encoding, another base
    expect(readyOrStandIn(db, b, 'br', 6, now)).toBe(b);
    expect(readyOrStandIn(db, b, 'br', 4, now + COALESCE_MS + 1)).toBe(b);
    expect(readyOrStandIn(db, b, 'gzip', 4, now)).toBe(b);
    expect(readyOrStandIn(db, answerOf('other|user', 7), 'br', 4, now)).not.toBe(a);

    // once its own bytes are made, its own; and they stand in for the next
    await b.encoded('br');
    expect(readyOrStandIn(db, b, 'br', 4)).toBe(b);
    const c = answerOf('base|user', 9);
    expect(readyOrStandIn(db, c, 'br', 6)).toBe(b);

    await c.encoded('br');
    const d = answerOf('base|user', 11);
    expect(readyOrStandIn(db, d, 'br', 6)).toBe(c);
    await d.encoded('br');

    // an older answer made later does not replace the newer stand-in (each call above started its compression)
    const old = answerOf('base|user', 6);
    expect(readyOrStandIn(db, old, 'br', 5)).toBe(old);
    await old.encoded('br');
    expect(readyOrStandIn(db, answerOf('base|user', 13), 'br', 6)).toBe(d);
    forgetDeltas(db);
    expect(readyOrStandIn(db, answerOf('base|user', 13), 'br', 6)).not.toBe(d);
  });

  it('the pulls that come while bytes are made set them to be kept once', async () => {
    const db = {} as Database;
    const a = answerOf('base|user', 5);
    const encoded = vi.spyOn(a, 'encoded');
    for (let i = 0; i < 50; i++) expect(readyOrStandIn(db, a, 'br', 3)).toBe(a);
    expect(readyOrStandIn(db, a, 'gzip', 3)).toBe(a);
    // one callback per encoding, whatever the number of pulls meanwhile
    expect(encoded.mock.calls.map(([encoding]) => encoding)).toEqual(['br', 'gzip']);
    await Promise.all([a.encoded('br'), a.encoded('gzip')]);
    // and the bytes made are kept all the same: they stand in for the next answer of the base
    const b = answerOf('base|user', 7);
    expect(readyOrStandIn(db, b, 'br', 4)).toBe(a);
    expect(readyOrStandIn(db, b, 'gzip', 4)).toBe(a);
  });

  it('an answer nobody noted (the full bundle, nothing changed) is its own', () => {
    const db = {} as Database;
    const full = new EncodedAnswer(JSON.stringify({ full: 'x'.repeat(4096) }));
    expect(readyOrStandIn(db, full, 'br', 0)).toBe(full);
  });
});
