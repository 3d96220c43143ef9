import { api } from './client';

/** POST /v2/messages/user/read: marks every message of the user read. */
export function markAllMessagesRead(): Promise<unknown> {
  return api.post('/v2/messages/user/read');
}
