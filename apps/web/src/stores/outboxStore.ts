/**
 * Never lose a message: a message waits here (localStorage) until POST /v2/messages answers. A network
 * failure (no answer, 5xx) keeps it and it is sent again with the same uuid — on the browser `online` event, on
 * realtime reconnect and every 5 s while anything waits, but not before a 503's `Retry-After` has passed; the
 * server makes the retry idempotent by uuid. A 4xx is
 * a real refusal: error toast, dropped.
 *
 * Radio recordings and photos carry files: each is kept in IndexedDB (`outboxMedia.ts`) under a name fixed when
 * it was captured, uploaded first (an upload of the same name and content again is accepted, so a retry after a
 * lost answer is harmless), marked uploaded, and the message is sent once all are.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { MESSAGE_TYPES } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { ApiError, messageOf } from '../api/client';
import { sendMessage, uploadMedia } from '../api/messages';
import { toast } from '../ui/toasts';
import { useAppStore } from './appStore';
import { useAuthStore } from './authStore';
import { useMessagesStore } from './messagesStore';
import { deleteOutboxFile, getOutboxFile, mediaKey, putOutboxFile } from './outboxMedia';

export const OUTBOX_RETRY_MS = 5000;

/** A file of a waiting message; its content is in IndexedDB under `mediaKey(uuid, name)`. */
export interface OutboxMedia {
  name: string;
  contentType: string;
  size: number;
  uploaded: boolean;
}

export interface OutboxItem {
  uuid: string;
  userId: number;
  eventId: number;
  eventUuid: string;
  messageCategoryId: number;
  content: string;
  createdAt: string;
  attempts: number;
  /** message type; text (X03) when absent */
  type?: string;
  media?: OutboxMedia[];
  /** what the pending bubble says instead of empty content (e.g. 'Rádiová zpráva 0:04') */
  label?: string;
  latitude?: number;
  longitude?: number;
}

interface OutboxState {
  items: OutboxItem[];
  add: (item: OutboxItem) => void;
  remove: (uuid: string) => void;
  bump: (uuid: string) => void;
  markUploaded: (uuid: string, name: string) => void;
}

export const useOutboxStore = create<OutboxState>()(
  persist(
    (set) => ({
      items: [],
      add: (item) => set((s) => ({ items: [...s.items.filter((i) => i.uuid !== item.uuid), item] })),
      remove: (uuid) => set((s) => ({ items: s.items.filter((i) => i.uuid !== uuid) })),
      bump: (uuid) =>
        set((s) => ({ items: s.items.map((i) => (i.uuid === uuid ? { ...i, attempts: i.attempts + 1 } : i)) })),
      markUploaded: (uuid, name) =>
        set((s) => ({
          items: s.items.map((i) =>
            i.uuid === uuid
              ? { ...i, media: i.media?.map((m) => (m.name === name ? { ...m, uploaded: true } : m)) }
              : i,
          ),
        })),
    }),
    { name: 'panel.outbox', partialize: ({ items }) => ({ items }) },
  ),
);

/** No answer at all, or a server error: worth sending again. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const inFlight = new Set<string>();
/** Date.now() before which the retry triggers stay quiet: a 503 said `Retry-After` (a stalled database). */
let quietUntil = 0;

export type DeliveryResult = 'sent' | 'refused' | 'pending';

/** A file that cannot be uploaded at all (lost from storage, or refused by the server). */
class UploadRefused extends Error {}

/** Uploads the files not uploaded yet (in order), marking each as it lands. */
async function uploadPending(item: OutboxItem): Promise<void> {
  for (const file of item.media ?? []) {
    if (file.uploaded) continue;
    const blob = await getOutboxFile(mediaKey(item.uuid, file.name));
    if (!blob) throw new UploadRefused(`file ${file.name} of ${item.uuid} is gone`);
    try {
      await uploadMedia(item.eventId, file.name, blob.type ? blob : new Blob([blob], { type: file.contentType }));
    } catch (error) {
      if (isNetworkFailure(error)) throw error;
      throw new UploadRefused(error instanceof Error ? error.message : String(error));
    }
    useOutboxStore.getState().markUploaded(item.uuid, file.name);
  }
}

async function forgetFiles(item: OutboxItem): Promise<void> {
  await Promise.all((item.media ?? []).map((m) => deleteOutboxFile(mediaKey(item.uuid, m.name))));
}

async function deliver(item: OutboxItem, notify: boolean): Promise<DeliveryResult> {
  if (inFlight.has(item.uuid)) return 'pending';
  inFlight.add(item.uuid);
  try {
    await uploadPending(item);
    const saved = await sendMessage({
      uuid: item.uuid,
      eventId: item.eventId,
      content: item.content,
      messageCategoryId: item.messageCategoryId,
      type: item.type ?? MESSAGE_TYPES.TEXT,
      media: item.media?.length ? item.media.map((m) => m.name) : null,
      ...(item.latitude !== undefined && item.longitude !== undefined
        ? { latitude: item.latitude, longitude: item.longitude }
        : {}),
    });
    useOutboxStore.getState().remove(item.uuid);
    void forgetFiles(item);
    if (saved && typeof saved === 'object' && 'id' in saved) useMessagesStore.getState().upsert([saved]);
    if (notify) toast.success(texts.messages.sent);
    return 'sent';
  } catch (error) {
    if (!(error instanceof UploadRefused) && isNetworkFailure(error)) {
      console.warn('[outbox] send failed, will retry', item.uuid, error);
      if (error instanceof ApiError && error.retryAfterMs) quietUntil = Date.now() + error.retryAfterMs;
      useOutboxStore.getState().bump(item.uuid);
      return 'pending';
    }
    console.error('[outbox] send refused', item.uuid, error);
    useOutboxStore.getState().remove(item.uuid);
    void forgetFiles(item);
    if (error instanceof UploadRefused) {
      toast.error(texts.messages.uploadFailed);
      return 'refused';
    }
    const detail = error instanceof ApiError ? (messageOf(error.body) ?? firstFieldMessage(error.body)) : undefined;
    toast.error(detail ? `${texts.messages.sendFailed}: ${detail}` : texts.messages.sendFailed);
    return 'refused';
  } finally {
    inFlight.delete(item.uuid);
  }
}

function firstFieldMessage(body: unknown): string | undefined {
  if (Array.isArray(body) && body[0] && typeof body[0].message === 'string') return body[0].message;
  return undefined;
}

/** Puts a text message into the outbox and tries it at once ('pending': kept and retried). */
export function sendText(item: Omit<OutboxItem, 'attempts' | 'createdAt'>): Promise<DeliveryResult> {
  const full: OutboxItem = { ...item, attempts: 0, createdAt: new Date().toISOString() };
  useOutboxStore.getState().add(full);
  ensureOutboxRunner();
  return deliver(full, true);
}

export interface CapturedFile {
  name: string;
  blob: Blob;
}

/**
 * Puts a message with files (radio recording, photo) into the outbox: the files first (IndexedDB), then the
 * item, then one attempt. Never throws; 'pending' means it waits for the connection.
 */
export async function sendCaptured(
  item: Omit<OutboxItem, 'attempts' | 'createdAt' | 'media'>,
  files: CapturedFile[],
): Promise<DeliveryResult> {
  await Promise.all(files.map((f) => putOutboxFile(mediaKey(item.uuid, f.name), f.blob)));
  const media = files.map((f) => ({ name: f.name, contentType: f.blob.type, size: f.blob.size, uploaded: false }));
  const full: OutboxItem = { ...item, media, attempts: 0, createdAt: new Date().toISOString() };
  useOutboxStore.getState().add(full);
  ensureOutboxRunner();
  return deliver(full, true);
}

/** Sends every waiting message of the logged-in user again (same uuid). */
export async function flushOutbox(): Promise<void> {
  const userId = useAuthStore.getState().user?.id;
  if (!useAuthStore.getState().token || userId === undefined) return;
  if (Date.now() < quietUntil) return; // the server asked for a pause; the message stays and goes after it
  for (const item of useOutboxStore.getState().items.filter((i) => i.userId === userId)) await deliver(item, false);
}

let stopRunner: (() => void) | null = null;

/** Starts the retry triggers once (online event, realtime reconnect, 5 s timer while items wait). */
export function ensureOutboxRunner(): void {
  if (stopRunner || typeof window === 'undefined') return;
  const onOnline = () => void flushOutbox();
  window.addEventListener('online', onOnline);
  const offRealtime = useAppStore.subscribe((s, prev) => {
    if (s.realtimeStatus === 'connected' && prev.realtimeStatus !== 'connected') void flushOutbox();
  });
  const timer = setInterval(() => {
    if (useOutboxStore.getState().items.length) void flushOutbox();
  }, OUTBOX_RETRY_MS);
  stopRunner = () => {
    window.removeEventListener('online', onOnline);
    offRealtime();
    clearInterval(timer);
  };
}

/** For tests and logout. */
export function stopOutboxRunner(): void {
  stopRunner?.();
  stopRunner = null;
  quietUntil = 0;
}
