/**
 * Subscriptions of a session's device. Not sync data (no panel reads them), so they are written directly, not
 * through `runCommand`: a subscription must not bump the revision and wake every panel. The endpoint is unique:
 * the same browser subscribing again (another login on the tablet) takes the row over for its new session.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { WebPushSubscriptionBody } from '@panel/domain/webPush';
import type { Queryable } from '../../db/client.js';
import { webPushSubscriptions } from '../../db/schema/index.js';

export async function saveSubscription(
  q: Queryable,
  owner: { sessionId: number; userId: number; deviceId: number },
  body: WebPushSubscriptionBody,
): Promise<number> {
  const values = {
    sessionId: owner.sessionId,
    userId: owner.userId,
    deviceId: owner.deviceId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  };
  const [row] = await q
    .insert(webPushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: webPushSubscriptions.endpoint,
      set: { ...values, createdAt: new Date() },
    })
    .returning({ id: webPushSubscriptions.id });
  return row.id;
}

/** Logout (before the session goes, which cascades anyway) and the panel's own 'unsubscribe'. */
export async function removeSessionSubscriptions(q: Queryable, sessionId: number): Promise<number> {
  const rows = await q
    .delete(webPushSubscriptions)
    .where(eq(webPushSubscriptions.sessionId, sessionId))
    .returning({ id: webPushSubscriptions.id });
  return rows.length;
}

/** A session confirmed another device: its subscriptions of the old device go (auth/sessions.ts calls it). */
export async function dropOtherDeviceSubscriptions(q: Queryable, sessionId: number, deviceId: number): Promise<void> {
  await q
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.sessionId, sessionId), ne(webPushSubscriptions.deviceId, deviceId)));
}
