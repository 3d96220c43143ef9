/**
 * Web Push calls (issue 25 item 2; docs/API.md "Web Push"): the public VAPID key, the subscription of the
 * session's device, the service worker's acknowledgement, and the payload the server encrypts to the worker.
 * The payload schema is shared: the server builds it, the worker validates it before showing anything.
 */
import { z } from 'zod';
import { webPushRuleTexts as t } from './texts';
import { isAllowedEndpoint } from './endpoint';

/** base64url without padding, as `PushSubscription.toJSON()` gives the keys */
const base64url = /^[A-Za-z0-9_-]+$/;
/** bytes of a base64url text (no padding) */
const base64urlBytes = (s: string) => Math.floor((s.length * 3) / 4);

/** GET /v2/web-push/key */
export const webPushKeyAnswer = z.object({
  /** the VAPID public key (65-byte uncompressed P-256 point, base64url): `applicationServerKey` */
  publicKey: z.string(),
});

/** PUT /v2/web-push/subscription: `PushSubscription.toJSON()` of the panel's worker. */
export const webPushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: t.badEndpoint })
    .max(2000, { error: t.badEndpoint })
    .refine(isAllowedEndpoint, { error: t.badEndpoint }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // an uncompressed P-256 point: 65 bytes, first byte 0x04 ('B' in base64url)
      p256dh: z
        .string({ error: t.badKey })
        .regex(base64url, { error: t.badKey })
        .refine((s) => base64urlBytes(s) === 65 && s.startsWith('B'), { error: t.badKey }),
      auth: z
        .string({ error: t.badAuth })
        .regex(base64url, { error: t.badAuth })
        .refine((s) => base64urlBytes(s) === 16, { error: t.badAuth }),
    },
    { error: t.badKey },
  ),
});
export type WebPushSubscriptionBody = z.input<typeof webPushSubscriptionBody>;

/** PUT answer: the stored subscription's id */
export const webPushSubscriptionAnswer = z.object({ id: z.number().int() });

/** DELETE /v2/web-push/subscription: how many subscriptions of the session were removed */
export const webPushUnsubscribeAnswer = z.object({ removed: z.number().int() });

/** POST /v2/web-push/ack (public: the worker has no session; the signed token is the credential) */
export const webPushAckBody = z.object({
  token: z.string({ error: t.badToken }).min(10, { error: t.badToken }).max(400, { error: t.badToken }),
});
export const webPushAckAnswer = z.object({ acknowledged: z.boolean() });

export const webPushKinds = ['alert', 'message'] as const;
export type WebPushKind = (typeof webPushKinds)[number];
export const webPushReasons = ['alert', 'reminder', 'escalation', 'message'] as const;
export type WebPushReason = (typeof webPushReasons)[number];

/** What the server encrypts to the worker (kept small: push services limit payloads to ~4 kB). */
export const webPushPayload = z.object({
  v: z.literal(1),
  kind: z.enum(webPushKinds),
  reason: z.enum(webPushReasons),
  eventId: z.number().int(),
  messageId: z.number().int().nullable(),
  /** the event's alert title (or the message's event title) */
  title: z.string(),
  body: z.string(),
  /** the category's sound file under /v2/assets/sounds, null: none */
  sound: z.string().nullable(),
  /** may this user accept the alert (the 'Přijmout' action) */
  acceptable: z.boolean(),
  /** the signed acknowledgement token for POST /v2/web-push/ack */
  ack: z.string(),
  /** server time of the send (ISO) */
  at: z.string(),
});
export type WebPushPayload = z.infer<typeof webPushPayload>;
