/**
 * Sending one push per target with the `web-push` library (VAPID ES256 + aes128gcm, RFC 8291/8292) and
 * recording each in `web_push_sends`: the row first (its id goes into the signed ack token), then the hand-over
 * to the push service (`sentAt`, `status`) or the failure (`failedAt`, `status`, `error`). An endpoint that
 * answers 404 or 410 is gone for good (RFC 8030 §7.3): its subscription is deleted. Neither the endpoint (it is a
 * capability URL) nor the token is ever logged.
 */
import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { WebPushKind, WebPushPayload, WebPushReason } from '@panel/domain/webPush';
import type { Database } from '../../db/client.js';
import { webPushSends, webPushSubscriptions } from '../../db/schema/index.js';
import { signAck } from './ackToken.js';
import type { WebPushService } from './service.js';
import type { PushTarget } from './targets.js';

/** sends in flight at once within one job */
const CONCURRENCY = 8;
/** the push service's answer must come within this (then: failed, status null) */
export const SEND_TIMEOUT_MS = 10_000;

export interface PushItem {
  kind: WebPushKind;
  reason: WebPushReason;
  /** the event's id for alerts, the message's id for messages */
  itemId: number;
  eventId: number;
}

export type PayloadBase = Omit<WebPushPayload, 'acceptable' | 'ack' | 'at'>;

export interface SendOutcome {
  sendId: number;
  ok: boolean;
  status: number | null;
}

/** test hook: an https agent that trusts the test's own push service */
let testAgent: Agent | undefined;
export function useAgentForTests(agent: Agent | undefined): void {
  testAgent = agent;
}

/** The push service's status and a short reason; no URL, no header, no body of the answer. */
function failureOf(err: unknown): { status: number | null; error: string } {
  if (err instanceof WebPushError) return { status: err.statusCode, error: `HTTP ${err.statusCode}` };
  const code = (err as { code?: unknown } | null)?.code;
  return { status: null, error: typeof code === 'string' ? code : 'síťová chyba' };
}

async function sendOne(
  db: Database,
  service: WebPushService,
  target: PushTarget,
  item: PushItem,
  base: PayloadBase,
): Promise<SendOutcome> {
  const sub = target.subscription;
  const [row] = await db
    .insert(webPushSends)
    .values({
      subscriptionId: sub.id,
      deviceId: sub.deviceId,
      userId: sub.userId,
      kind: item.kind,
      itemId: item.itemId,
      eventId: item.eventId,
      reason: item.reason,
    })
    .returning({ id: webPushSends.id });
  const payload: WebPushPayload = {
    ...base,
    acceptable: target.acceptable,
    ack: signAck(service.keys.ackSecret, row.id),
    at: new Date().toISOString(),
  };
  try {
    const result = await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: service.subject,
          publicKey: service.keys.publicKey,
          privateKey: service.keys.privateKey,
        },
        // an alert is worth nothing after minutes (the escalation takes over); a message keeps an hour
        TTL: item.kind === 'alert' ? 300 : 3600,
        urgency: item.kind === 'alert' ? 'high' : 'normal',
        timeout: SEND_TIMEOUT_MS,
        ...(testAgent ? { agent: testAgent } : {}),
      },
    );
    await db
      .update(webPushSends)
      .set({ sentAt: new Date(), status: result.statusCode })
      .where(eq(webPushSends.id, row.id));
    return { sendId: row.id, ok: true, status: result.statusCode };
  } catch (err) {
    const failure = failureOf(err);
    await db
      .update(webPushSends)
      .set({ failedAt: new Date(), status: failure.status, error: failure.error })
      .where(eq(webPushSends.id, row.id));
    if (failure.status === 404 || failure.status === 410) {
      await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, sub.id));
    } else {
      console.warn('[webPush] push failed', { sendId: row.id, deviceId: sub.deviceId, error: failure.error });
    }
    return { sendId: row.id, ok: false, status: failure.status };
  }
}

/** Sends to every target, `CONCURRENCY` at a time; never throws for one target's failure. */
export async function sendToTargets(
  db: Database,
  service: WebPushService,
  targets: PushTarget[],
  item: PushItem,
  base: PayloadBase,
): Promise<SendOutcome[]> {
  const out: SendOutcome[] = [];
  for (let i = 0; i < targets.length; i += CONCURRENCY) {
    const batch = targets.slice(i, i + CONCURRENCY);
    out.push(...(await Promise.all(batch.map((t) => sendOne(db, service, t, item, base)))));
  }
  return out;
}
