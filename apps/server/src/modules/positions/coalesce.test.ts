/** The position invalidations reach each channel at most once a second (issue 14 item 3). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNullHub } from '../../nullHub.js';
import { createCoalescingHub } from './coalesce.js';

describe('createCoalescingHub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first at once, merges the rest of the second into one, then is quiet', () => {
    vi.useFakeTimers();
    const target = createNullHub();
    const hub = createCoalescingHub(() => target, 1000);
    hub.invalidate(['base.a'], { revision: 1, tables: ['resources'] });
    expect(target.invalidations).toEqual([{ channels: ['base.a'], revision: 1, tables: ['resources'] }]);
    for (let r = 2; r <= 100; r += 1) {
      vi.advanceTimersByTime(5); // 100 positions in half a second
      hub.invalidate(r % 2 ? ['base.a'] : ['base.b', 'group.COIS'], {
        revision: r,
        tables: r === 50 ? ['devices'] : ['resources'],
      });
    }
    expect(target.invalidations).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(target.invalidations).toHaveLength(2);
    expect(target.invalidations[1].revision).toBe(100);
    // it stands for 99 revisions: its kind is not that of revision 100 alone (realtime/deltaPush.ts `light`)
    expect(target.invalidations[1].merged).toBe(true);
    expect(new Set(target.invalidations[1].channels)).toEqual(new Set(['base.a', 'base.b', 'group.COIS']));
    expect(new Set(target.invalidations[1].tables)).toEqual(new Set(['resources', 'devices']));
    vi.advanceTimersByTime(5000);
    expect(target.invalidations).toHaveLength(2);
    // after a quiet second the next one goes at once again
    hub.invalidate(['base.a'], { revision: 101, tables: ['resources'] });
    expect(target.invalidations).toHaveLength(3);
  });

  it('marks a merged invalidation as moves only when every revision in it moved positions alone', () => {
    vi.useFakeTimers();
    const target = createNullHub();
    const hub = createCoalescingHub(() => target, 1000);
    hub.invalidate(['base.a'], { revision: 1, tables: ['resources'], moves: true });
    hub.invalidate(['base.a'], { revision: 2, tables: ['resources'], moves: true });
    vi.advanceTimersByTime(1000);
    hub.invalidate(['base.a'], { revision: 3, tables: ['resources'], moves: true });
    // a tracker's first report also changes a row: the second is not moves only
    hub.invalidate(['base.a'], { revision: 4, tables: ['devices'], moves: false });
    vi.advanceTimersByTime(1000);
    hub.invalidate(['base.a'], { revision: 5, tables: ['resources'], moves: true });
    vi.advanceTimersByTime(1000);
    expect(target.invalidations.map((i) => [i.revision, i.moves ?? false])).toEqual([
      [1, true],
      [2, true],
      [4, false],
      [5, true],
    ]);
  });

  it('never more than one a second per channel under a steady stream', () => {
    vi.useFakeTimers();
    const target = createNullHub();
    const hub = createCoalescingHub(() => target, 1000);
    for (let r = 1; r <= 1000; r += 1) {
      hub.invalidate(['base.a'], { revision: r, tables: ['resources'] });
      vi.advanceTimersByTime(10); // 100 a second for 10 s
    }
    hub.flush();
    expect(target.invalidations.length).toBeLessThanOrEqual(11);
    expect(target.invalidations.length).toBeGreaterThanOrEqual(10);
    expect(target.invalidations.at(-1)!.revision).toBe(1000);
  });
});
