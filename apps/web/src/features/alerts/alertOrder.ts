/**
 * One total order of the alerts, the same on every panel (issue 24 item 1): two dispatchers looking at the same
 * waiting calls see them in the same places, whichever panel learnt of them first or had them in its first bundle.
 * The order reads only what the server gave the alert's event or message — never when this panel happened to
 * push the item — so it cannot differ between panels: priority 2 first, then the newest by the entity's own time
 * (the event's `createdAt`, else `start`; the message's `createdAt`), then the higher id, then the key.
 */
import { fromWireTime } from '@panel/domain/locale';
import type { Notification } from './notificationQueue';

type Ordered = Pick<Notification, 'priority' | 'createdAt' | 'key' | 'entity'>;

/** The entity's time as the server wrote it, in ms (null when it has none that parses). */
export function entityTime(entity: Notification['entity']): number | null {
  if (!entity) return null;
  const wire = entity.createdAt ?? ('start' in entity ? entity.start : null) ?? null;
  const at = fromWireTime(wire)?.getTime();
  return at === undefined || Number.isNaN(at) ? null : at;
}

const idOf = (item: Ordered): number => {
  const id = item.entity?.id;
  return typeof id === 'number' ? id : -1;
};

/** Priority 2 first, newest entity first, higher id first, then the key (a stable tie-break for test items). */
export function byAlertOrder(a: Ordered, b: Ordered): number {
  return (
    b.priority - a.priority ||
    (entityTime(b.entity) ?? b.createdAt) - (entityTime(a.entity) ?? a.createdAt) ||
    idOf(b) - idOf(a) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}
