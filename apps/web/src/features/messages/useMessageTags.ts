/**
 * A message's tags as the chat shows them: the `messageTags` catalogue of the bundle resolved against the
 * message's applied tags (domain resolveMessageTags; the wire no longer repeats the definitions on every
 * message, issue 13 item 2). A pending message (still in the outbox) has none.
 */
import { useMemo } from 'react';
import { resolveMessageTags } from '@panel/domain/messages';
import type { Message, MessageTag } from '@panel/domain/sync';
import { useEntitiesStore } from '../../stores/entitiesStore';

const NONE: MessageTag[] = [];

export function useMessageTags(message: Pick<Message, 'messageCategoryId' | 'tags'>, pending = false): MessageTag[] {
  const catalogue = useEntitiesStore((s) => s.messageTags);
  return useMemo(
    () => (pending ? NONE : resolveMessageTags(message, Object.values(catalogue))),
    [pending, message, catalogue],
  );
}
