import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../test/factories';
import { makeMessage } from '../messages/testMessages';
import { byAlertOrder } from './alertOrder';
import type { Notification } from './notificationQueue';

type Item = Pick<Notification, 'priority' | 'createdAt' | 'key' | 'entity'>;

const eventItem = (id: number, createdAt: string, pushedAt: number): Item => ({
  key: `event:${id}`,
  priority: 2,
  createdAt: pushedAt,
  entity: makeEvent(id, { createdAt }),
});

describe('one order of the alerts on every panel', () => {
  // three KOPIS calls: two in the same second (the wire time has seconds only), one a minute earlier
  const calls = (pushed: [number, number, number]) => [
    eventItem(11, '2026-11-28 06:00:05', pushed[0]),
    eventItem(12, '2026-11-28 06:00:05', pushed[1]),
    eventItem(10, '2026-11-28 05:59:00', pushed[2]),
  ];

  it('does not depend on when or in which order a panel pushed the items', () => {
    // panel A had all three in its first bundle (pushed in one millisecond, in id order);
    // panel B heard of them live, in another order, seconds apart
    const a = calls([1_000, 1_000, 1_000]).sort(byAlertOrder);
    const b = calls([9_000, 3_000, 7_000]).reverse().sort(byAlertOrder);
    expect(a.map((i) => i.key)).toEqual(['event:12', 'event:11', 'event:10']);
    expect(b.map((i) => i.key)).toEqual(a.map((i) => i.key));
  });

  it('puts priority 2 first; a message goes by its own time and id', () => {
    const message: Item = {
      key: 'message:7',
      priority: 1,
      createdAt: 50_000,
      entity: makeMessage(7, { createdAt: '2026-11-28 07:00:00' }),
    };
    const items = [message, ...calls([1, 2, 3])].sort(byAlertOrder);
    expect(items.map((i) => i.key)).toEqual(['event:12', 'event:11', 'event:10', 'message:7']);
  });

  it('orders items without an entity (test items) by their push time, then key', () => {
    const plain = (key: string, createdAt: number): Item => ({ key, priority: 1, createdAt, entity: null });
    expect([plain('b', 5), plain('a', 5), plain('c', 9)].sort(byAlertOrder).map((i) => i.key)).toEqual(['c', 'a', 'b']);
  });
});
