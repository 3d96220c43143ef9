/**
 * Messages and media calls (API.md "Messages and media (issue 4)"); bodies and answers are the domain's schemas
 * (`@panel/domain/messages`, the bundle's Message of `@panel/domain/sync`), only their types come here.
 */
import type { z } from 'zod';
import type { IsvResult } from '@panel/domain/events';
import type { okResult } from '@panel/domain/http';
import type {
  eventMessagesAnswer,
  MediaSize,
  UploadedMedia,
  readCountResult,
  sendMessageSchema,
} from '@panel/domain/messages';
import type { Message } from '@panel/domain/sync';
import { api, fetchRaw } from './client';
import { useSetupStore } from '../stores/setupStore';

export type { MediaSize, UploadedMedia } from '@panel/domain/messages';

type OkResult = z.infer<typeof okResult>;
/** `{result: true, count}` of a read call: how many messages it newly marked. */
type ReadCount = z.infer<typeof readCountResult>;

/** POST /v2/messages/user/read: marks every message of the user read. */
export function markAllMessagesRead(): Promise<ReadCount> {
  return api.post<ReadCount>('/v2/messages/user/read');
}

export interface MessagePage {
  items: Message[];
  currentPage: number;
  pageCount: number | null;
  hasNext: boolean;
}

export const MESSAGES_PER_PAGE = 20;

/** GET /v2/messages/event/{eventId}: one page, newest first; paging from X-Pagination-* and Link rel=next. */
export async function listPage(
  eventId: number,
  page: number,
  messageCategoryId?: number,
  perPage = MESSAGES_PER_PAGE,
): Promise<MessagePage> {
  const query = new URLSearchParams({ page: String(page), 'per-page': String(perPage) });
  if (messageCategoryId !== undefined) query.set('messageCategoryId', String(messageCategoryId));
  const response = await fetchRaw(`/v2/messages/event/${eventId}?${query}`, {
    headers: { Accept: 'application/json' },
  });
  // an item map as the schema says; a list is read too (the page only needs the messages)
  const body = (await response.json()) as { items?: z.infer<typeof eventMessagesAnswer>['items'] | Message[] };
  const items = Array.isArray(body.items) ? body.items : Object.values(body.items ?? {});
  const currentPage = Number(response.headers.get('X-Pagination-Current-Page') ?? page);
  const pageCountHeader = response.headers.get('X-Pagination-Page-Count');
  const pageCount = pageCountHeader === null ? null : Number(pageCountHeader);
  const link = response.headers.get('Link') ?? '';
  const hasNext = /rel="?next"?/.test(link) || (pageCount !== null && currentPage < pageCount);
  return { items, currentPage, pageCount, hasNext };
}

/** What the panel sends: it always gives its own `uuid`, so a retry after a lost answer is idempotent. */
export type SendMessageBody = z.input<typeof sendMessageSchema> & { uuid: string };

/** POST /v2/messages: 201 the saved message (200 with the same one on a retry with the same uuid). */
export const sendMessage = (body: SendMessageBody) => api.post<Message>('/v2/messages', body);

export const markMessageRead = (id: number) => api.post<OkResult>(`/v2/messages/${id}/read`);
export const markEventConversationRead = (eventId: number, messageCategoryId: number) =>
  api.post<ReadCount>(`/v2/messages/event/${eventId}/read`, { messageCategoryId });
export const markConversationRead = (conversationId: number) =>
  api.post<ReadCount>(`/v2/messages/conversation/${conversationId}/read`);

export const confirmMessage = (id: number) => api.post<Message>(`/v2/messages/${id}/confirm`);
export const applyTag = (id: number, tagId: number) => api.post<Message>(`/v2/messages/${id}/tag/${tagId}`);
export const removeTag = (id: number, tagId: number) => api.del<Message>(`/v2/messages/${id}/tag/${tagId}`);

/** POST /ktc/panel/sendMessage (form data): `{status: 1, msg}`, or `{status: 0, msg}` on failure. */
export async function sendToIsv(messageId: number, unitId: string): Promise<IsvResult> {
  const form = new FormData();
  form.set('id', String(messageId));
  form.set('unit_id', unitId);
  const response = await fetchRaw('/ktc/panel/sendMessage', { method: 'POST', body: form });
  return (await response.json()) as IsvResult;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
};

/** POST /v2/media/event/{eventId}/{fileName}: the file body with its Content-Type and X-File-Size-Total. */
export async function uploadMedia(eventId: number, fileName: string, file: Blob): Promise<UploadedMedia> {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const response = await fetchRaw(`/v2/media/event/${eventId}/${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: {
      'Content-Type': file.type || CONTENT_TYPES[ext] || 'application/octet-stream',
      'X-File-Size-Total': String(file.size),
      Accept: 'application/json',
    },
    body: file,
  });
  return (await response.json()) as UploadedMedia;
}

/**
 * The media URL (needs the session headers: load it with fetchMediaBlob, see features/messages/mediaCache).
 * Images (jpg) go through the setup state's `endpoints.imageProxyUrl` when one is set (001 §3).
 */
export function mediaUrl(eventId: number, fileName: string, size: MediaSize = 'normal'): string {
  const path = `/v2/media/event/${eventId}/${encodeURIComponent(fileName)}?size=${size}`;
  const proxy = useSetupStore.getState().endpoints?.imageProxyUrl ?? null;
  return proxy && /\.jpe?g$/i.test(fileName) ? `${proxy}${path}` : path;
}

export async function fetchMediaBlob(url: string): Promise<Blob> {
  const response = await fetchRaw(url, {});
  return response.blob();
}
