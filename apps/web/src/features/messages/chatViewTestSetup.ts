/** What the ChatView tests (rendering, paging) start from. */
import { useAuthStore } from '../../stores/authStore';
import { useMessagesStore } from '../../stores/messagesStore';
import { useOutboxStore } from '../../stores/outboxStore';
import { makeEvent } from '../../test/factories';
import { demoLogin, resetStores } from '../../test/utils';

/** Event 1 with its one conversation (category 1). */
export const chatEvent = makeEvent(1, { conversations: [{ id: 1, messageCategoryId: 1, type: 1 }] });

/** Empty stores, message cache and outbox, and the demo user logged in. Call in a beforeEach. */
export function resetChat(): void {
  resetStores();
  useMessagesStore.getState().clear();
  useOutboxStore.setState({ items: [] });
  useAuthStore.getState().login(demoLogin);
}
