/** The developer panel's test items for the notification queue (001 §2: three dialog ones and one success). */
import { soundOfKind } from '../../../api/sounds';
import { useNotificationStore, type NotificationInput } from '../../alerts/notificationQueue';

export { useNotificationStore };

export function testNotifications(now: number = Date.now()): NotificationInput[] {
  const library = useNotificationStore.getState().library;
  const sound = soundOfKind(library, 'event') ?? soundOfKind(library, 'message');
  const dialog = [1, 2, 3].map((n): NotificationInput => ({
    key: `test-${now}-${n}`,
    type: n === 2 ? 'message' : 'event',
    method: 'dialog',
    code: `TEST_${n}`,
    title: `Testovací upozornění ${n}`,
    content: `Obsah testovacího upozornění ${n}`,
    url: sound,
    priority: n === 3 ? 2 : 1,
    merge: 0,
    createdAt: now + n,
  }));
  const success: NotificationInput = {
    key: `test-${now}-success`,
    type: 'success',
    method: 'toast',
    message: 'success',
    code: 'TEST_SUCCESS',
    title: 'Testovací upozornění proběhlo v pořádku',
    createdAt: now + 4,
  };
  return [...dialog, success];
}

export function pushTestNotifications(): void {
  const { push } = useNotificationStore.getState();
  for (const item of testNotifications()) push(item);
}
