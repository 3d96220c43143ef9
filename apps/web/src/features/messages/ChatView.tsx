/**
 * The chat of one conversation of an event (000 §2/§4): bubbles oldest at the top, newest at the bottom (kept
 * in view as new ones arrive), older pages on scroll to the top, pending outbox messages, the context panel of
 * the clicked message and the form. Leaving marks the conversation read.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { canSendInConversation } from '@panel/domain/messages';
import type { Event } from '@panel/domain/sync';
import { markEventConversationRead } from '../../api/messages';
import { useAuthStore } from '../../stores/authStore';
import { ensureOutboxRunner } from '../../stores/outboxStore';
import { useAbility } from '../../stores/useAbility';
import { MessageBubble } from './MessageBubble';
import { MessageContextPanel } from './MessageContextPanel';
import { MessageForm } from './MessageForm';
import { cancelLeaveRead, scheduleLeaveRead } from './leaveRead';
import { confirm, markRead } from './messageActions';
import { canConfirmMessage, isOwnMessage } from './rules';
import { MESSAGE_TEXTS } from './texts';
import { useConversation } from './useConversation';

const TOP_THRESHOLD = 24;
/** within this many px of the end the list counts as 'at the newest message' and follows new content */
const BOTTOM_THRESHOLD = 24;

export function ChatView({ event, messageCategoryId }: { event: Event; messageCategoryId: number }) {
  const ability = useAbility();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const { messages, pending, paging, loadOlder } = useConversation(event.id, messageCategoryId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const lastIdRef = useRef<string | null>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const atBottomRef = useRef(true);
  const canSend = canSendInConversation(ability, messageCategoryId);
  const selected = messages.find((m) => m.id === selectedId) ?? null;
  const all = [...messages, ...pending];
  const lastKey = all.length ? String(all[all.length - 1].uuid ?? all[all.length - 1].id) : null;

  useEffect(() => ensureOutboxRunner(), []);

  // leaving the tab marks the conversation read, after the tab return delay (leaveRead.ts)
  useEffect(() => {
    const eventId = event.id;
    if (eventId === null) return;
    cancelLeaveRead(eventId, messageCategoryId);
    return () =>
      scheduleLeaveRead(eventId, messageCategoryId, () => {
        markEventConversationRead(eventId, messageCategoryId).catch((error: unknown) =>
          console.error('[messages] conversation read failed', eventId, messageCategoryId, error),
        );
      });
  }, [event.id, messageCategoryId]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      // older messages went on top: keep what the user looked at in place
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
    if (lastKey !== lastIdRef.current || atBottomRef.current) {
      // a new last bubble, or a change while the user reads the newest ones (the sent message replacing its
      // pending bubble grows by its tag row): the newest bubble stays wholly in view
      lastIdRef.current = lastKey;
      el.scrollTop = el.scrollHeight;
      atBottomRef.current = true;
    }
  }, [lastKey, messages, pending]);

  // the bundle holds only the newest of a conversation (issue 13 item 2): when they do not fill the list there is
  // no scroll to the top to ask for older ones, so while the event counts more messages than the panel holds
  // and the list does not scroll, the older pages come by themselves
  const eventTotal = event.messages?.total ?? 0;
  useEffect(() => {
    const el = listRef.current;
    if (!el || paging.loading || !paging.hasNext || paging.failed) return;
    if (eventTotal <= messages.length || el.scrollHeight > el.clientHeight) return;
    void loadOlder();
  }, [eventTotal, messages.length, paging.loading, paging.hasNext, paging.failed, loadOlder]);

  function onScroll() {
    const el = listRef.current;
    if (el) atBottomRef.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_THRESHOLD;
    if (!el || el.scrollTop > TOP_THRESHOLD || paging.loading || !paging.hasNext || paging.failed) return;
    heightBeforeOlder.current = el.scrollHeight;
    void loadOlder().then(() => {
      if (heightBeforeOlder.current !== null && listRef.current?.scrollHeight === heightBeforeOlder.current) {
        heightBeforeOlder.current = null;
      }
    });
  }

  return (
    <Box
      data-testid="chat-view"
      data-category={messageCategoryId}
      // fills what the event detail leaves under its head and tabs (the detail is a flex column), so the
      // message box ends at the bottom of the screen whatever the head's height; below 280 px the panel scrolls
      sx={{ display: 'flex', flex: '1 1 0', minHeight: 280 }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
          <Box
            ref={listRef}
            onScroll={onScroll}
            data-testid="chat-list"
            // a keyboard reaches and scrolls the list even when no bubble holds a button (axe
            // scrollable-region-focusable, issue 24 item 7)
            tabIndex={0}
            role="region"
            aria-label={MESSAGE_TEXTS.list}
            sx={{ height: '100%', overflowY: 'auto', py: 1, '&:focus-visible': { outline: 2, outlineOffset: -2 } }}
          >
            {paging.loading && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }} aria-label={MESSAGE_TEXTS.loadingOlder}>
                <CircularProgress size={18} />
              </Box>
            )}
            {!all.length && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
                {MESSAGE_TEXTS.empty}
              </Typography>
            )}
            {messages.map((m) => (
              <MessageBubble
                key={m.id}
                message={m}
                own={isOwnMessage(m, userId)}
                selected={m.id === selectedId}
                onOpen={() => {
                  setSelectedId(m.id);
                  void markRead(m);
                }}
                onDouble={() => {
                  void markRead(m);
                  if (canSend && canConfirmMessage(m, userId)) void confirm(m);
                }}
              />
            ))}
            {pending.map((m) => (
              <MessageBubble key={m.uuid} message={m} own pending />
            ))}
          </Box>
          {selected && (
            <Box
              sx={{
                position: 'absolute',
                top: 0,
                right: 0,
                bottom: 0,
                zIndex: 2,
                bgcolor: 'background.paper',
                boxShadow: 6,
                maxWidth: '88%',
              }}
            >
              <MessageContextPanel event={event} message={selected} onClose={() => setSelectedId(null)} />
            </Box>
          )}
        </Box>
        {canSend && event.id !== null && <MessageForm event={event} messageCategoryId={messageCategoryId} />}
      </Box>
    </Box>
  );
}
