/**
 * 'Historie chatu' of the event view dialog (000 §2, issue 12 item 7): the event's whole conversation — every
 * message of every conversation, oldest first, each marked with its conversation — read-only. Loaded from
 * GET /v2/messages/event/{id} page by page to the end, because a closed event opened from the calendar has no
 * messages in the synced data; for a live event the synced messages are merged in, so a message that arrives
 * while the dialog is open shows too.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Chip, LinearProgress, Typography } from '@mui/material';
import type { Event, Message, MessageCategory } from '@panel/domain/sync';
import { listPage } from '../../../api/messages';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { MessageBubble } from '../../messages/MessageBubble';
import { compareMessages, isOwnMessage } from '../../messages/rules';
import { MESSAGE_TEXTS } from '../../messages/texts';
import { errorText } from '../actions/errors';
import { messageCategoryStyle } from '../head/headColors';

/** the largest page the server gives (http/paging MAX_PER_PAGE) */
const PER_PAGE = 200;
/** a guard against a server that always says there is a next page: 10,000 messages */
const MAX_PAGES = 50;

export const CHAT_HISTORY_TEXTS = { partial: 'Historii chatu se nepodařilo načíst celou.' } as const; // ours

/** Every message of the event, all pages (newest first from the server; the caller sorts). */
export async function loadWholeConversation(eventId: number): Promise<Message[]> {
  const all: Message[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await listPage(eventId, page, undefined, PER_PAGE);
    all.push(...result.items);
    if (!result.hasNext || result.items.length === 0) break;
  }
  return all;
}

export function conversationLabel(messageCategoryId: number, catalogue: Record<number, MessageCategory>): string {
  return messageCategoryStyle(messageCategoryId, catalogue).name;
}

export function ChatHistoryTab({ event }: { event: Event }) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const synced = useEntitiesStore((s) => s.messages);
  const categories = useEntitiesStore((s) => s.messageCategories);
  const [loaded, setLoaded] = useState<Message[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (event.id == null) return;
    let alive = true;
    loadWholeConversation(event.id)
      .then((list) => alive && setLoaded(list))
      .catch((e) => alive && setError(errorText(e)));
    return () => {
      alive = false;
    };
  }, [event.id]);

  const messages = useMemo(() => {
    const byId = new Map<number, Message>();
    for (const m of loaded ?? []) byId.set(m.id, m);
    for (const m of Object.values(synced)) if (m.eventId === event.id) byId.set(m.id, m);
    return [...byId.values()].sort(compareMessages);
  }, [loaded, synced, event.id]);

  if (event.id == null) return <Typography variant="body2">{MESSAGE_TEXTS.empty}</Typography>;
  return (
    <Box data-testid="chat-history">
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {CHAT_HISTORY_TEXTS.partial} {error}
        </Alert>
      )}
      {!loaded && !error && <LinearProgress />}
      {loaded && !messages.length && <Typography variant="body2">{MESSAGE_TEXTS.empty}</Typography>}
      {messages.map((m, i) => {
        // the conversation is named where it changes, so a long exchange is not a wall of chips
        const first = i === 0 || messages[i - 1].messageCategoryId !== m.messageCategoryId;
        return (
          <Box key={m.id} data-message={m.id} data-category={m.messageCategoryId}>
            {first && (
              <Chip
                size="small"
                variant="outlined"
                label={conversationLabel(Number(m.messageCategoryId), categories)}
                sx={{ ml: 1, mt: 1 }}
              />
            )}
            <MessageBubble message={m} own={isOwnMessage(m, userId)} />
          </Box>
        );
      })}
    </Box>
  );
}
