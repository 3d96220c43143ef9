import { ApiError, messageOf } from '../../../api/client';

/** The text of a failed call for the spec's '…: {error}' notifications (422 lists joined). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (Array.isArray(error.body)) {
      const list = (error.body as { message?: string }[]).map((e) => e?.message).filter(Boolean);
      if (list.length) return list.join(', ');
    }
    return messageOf(error.body) ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
