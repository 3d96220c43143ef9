/**
 * "Leaving the tab marks the conversation read" (000 §4, 001 §2) with the tab return delay of 001 §9 (300 ms):
 * the read mark goes TAB_RETURN_DELAY after the chat tab is left; coming back to the same conversation within
 * it cancels the mark (a tab flicked past, or the chat remounting, is no leaving), and the next real leave marks.
 */
import { TAB_RETURN_DELAY } from '@panel/domain/constants';

const pending = new Map<string, ReturnType<typeof setTimeout>>();
const keyOf = (eventId: number, messageCategoryId: number) => `${eventId}:${messageCategoryId}`;

/** The conversation's tab was left: mark it read after the return delay unless the user comes back. */
export function scheduleLeaveRead(eventId: number, messageCategoryId: number, markRead: () => void): void {
  const key = keyOf(eventId, messageCategoryId);
  const previous = pending.get(key);
  if (previous) clearTimeout(previous);
  pending.set(
    key,
    setTimeout(() => {
      pending.delete(key);
      markRead();
    }, TAB_RETURN_DELAY),
  );
}

/** The conversation's tab is shown (again): a read mark still waiting for it is not sent. */
export function cancelLeaveRead(eventId: number, messageCategoryId: number): void {
  const key = keyOf(eventId, messageCategoryId);
  const timer = pending.get(key);
  if (timer) clearTimeout(timer);
  pending.delete(key);
}
