/**
 * Web Push calls (issue 25 item 2; docs/API.md "Web Push"): the server's VAPID key and the subscription of this
 * session's device. Bodies and answers are the domain's (`@panel/domain/webPush`), types only.
 */
import type { z } from 'zod';
import type {
  webPushKeyAnswer,
  webPushSubscriptionAnswer,
  webPushUnsubscribeAnswer,
  WebPushSubscriptionBody,
} from '@panel/domain/webPush';
import { api } from './client';

export const webPushApi = {
  key: () => api.get<z.infer<typeof webPushKeyAnswer>>('/v2/web-push/key'),
  subscribe: (body: WebPushSubscriptionBody) =>
    api.put<z.infer<typeof webPushSubscriptionAnswer>>('/v2/web-push/subscription', body),
  unsubscribe: () => api.del<z.infer<typeof webPushUnsubscribeAnswer>>('/v2/web-push/subscription'),
};
