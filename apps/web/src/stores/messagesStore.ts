/**
 * Messages beyond the bundle: older pages loaded on scroll (GET /v2/messages/event/{id}), messages answered by
 * writes (send, confirm, tags) before the next delta brings them, and local read marks (a failed read reverts).
 * The bundle's `messages` (entitiesStore) stay the source; this store only adds to them.
 */
import { create } from 'zustand';
import type { Message } from '@panel/domain/sync';

export interface PagingState {
  nextPage: number;
  hasNext: boolean;
  loading: boolean;
  failed: boolean;
}

export interface MessagesState {
  /** older pages and write answers, by message id */
  loaded: Record<number, Message>;
  /** paging per `${eventId}:${messageCategoryId}` */
  paging: Record<string, PagingState>;
  /** local read marks by message id (until the delta agrees) */
  read: Record<number, 0 | 1>;
  upsert: (messages: Message[]) => void;
  setPaging: (key: string, patch: Partial<PagingState>) => void;
  setRead: (id: number, read: 0 | 1 | null) => void;
  clear: () => void;
}

export const pagingKey = (eventId: number, messageCategoryId: number) => `${eventId}:${messageCategoryId}`;
export const INITIAL_PAGING: PagingState = { nextPage: 1, hasNext: true, loading: false, failed: false };

export const useMessagesStore = create<MessagesState>()((set) => ({
  loaded: {},
  paging: {},
  read: {},
  upsert: (messages) =>
    set((s) => {
      if (!messages.length) return s;
      const loaded = { ...s.loaded };
      for (const m of messages) loaded[m.id] = m;
      return { loaded };
    }),
  setPaging: (key, patch) =>
    set((s) => ({ paging: { ...s.paging, [key]: { ...(s.paging[key] ?? INITIAL_PAGING), ...patch } } })),
  setRead: (id, read) =>
    set((s) => {
      const next = { ...s.read };
      if (read === null) delete next[id];
      else next[id] = read;
      return { read: next };
    }),
  clear: () => set({ loaded: {}, paging: {}, read: {} }),
}));

/** The newer of two versions of a message (by updatedAt; the bundle wins a tie). */
function newer(bundle: Message | undefined, loaded: Message | undefined): Message | undefined {
  if (!bundle) return loaded;
  if (!loaded) return bundle;
  return String(loaded.updatedAt ?? '') > String(bundle.updatedAt ?? '') ? loaded : bundle;
}

/** Messages of one conversation of an event: bundle + loaded, deduplicated by id, local read marks applied. */
export function conversationMessages(
  bundle: Record<number, Message>,
  loaded: Record<number, Message>,
  read: Record<number, 0 | 1>,
  eventId: number | null,
  messageCategoryId: number,
): Message[] {
  if (eventId === null) return [];
  const byId = new Map<number, Message>();
  const take = (m: Message) => m.eventId === eventId && Number(m.messageCategoryId) === messageCategoryId;
  for (const m of Object.values(loaded)) if (take(m)) byId.set(m.id, m);
  for (const m of Object.values(bundle)) if (take(m)) byId.set(m.id, newer(m, byId.get(m.id))!);
  return [...byId.values()].map((m) =>
    read[m.id] !== undefined && read[m.id] !== m.read ? { ...m, read: read[m.id] } : m,
  );
}
