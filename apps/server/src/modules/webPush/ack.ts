/**
 * The service worker's acknowledgement (POST /v2/web-push/ack): the one place where a push becomes *delivered*
 * (issue 25 item 2: delivery through push counts only when the worker acknowledges it). The signed token names
 * the send; the first acknowledgement stamps `acknowledgedAt`, repeats change nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { WebPushKind } from '@panel/domain/webPush';
import type { AppDeps } from '../../context.js';
import { webPushSends } from '../../db/schema/index.js';
import { queueReceipts } from '../receipts/record.js';
import { verifyAck } from './ackToken.js';
import { webPushFor } from './service.js';

export interface Acknowledged {
  sendId: number;
  deviceId: number;
  kind: WebPushKind;
  /** the alert's event id or the message's id */
  id: number;
  at: Date;
}

/**
 * Verifies the token and records the acknowledgement. Answers what became delivered now, null when the token
 * is not valid, or `'repeat'` when this send was acknowledged before.
 */
export async function acknowledgePush(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  token: string,
  now = new Date(),
): Promise<Acknowledged | 'repeat' | null> {
  const service = webPushFor(deps.db);
  if (!service) return null;
  const sendId = verifyAck(service.keys.ackSecret, token, now.getTime());
  if (sendId === null) return null;
  const [row] = await deps.db
    .update(webPushSends)
    .set({ acknowledgedAt: now })
    .where(and(eq(webPushSends.id, sendId), isNull(webPushSends.acknowledgedAt)))
    .returning({ deviceId: webPushSends.deviceId, kind: webPushSends.kind, itemId: webPushSends.itemId });
  if (!row) {
    const [known] = await deps.db.select({ id: webPushSends.id }).from(webPushSends).where(eq(webPushSends.id, sendId));
    return known ? 'repeat' : null;
  }
  const delivered: Acknowledged = {
    sendId,
    deviceId: row.deviceId,
    kind: row.kind === 'message' ? 'message' : 'alert',
    id: row.itemId,
    at: now,
  };
  // a push the worker took is delivered to that device, like a delta the panel applied (modules/receipts)
  queueReceipts(deps, delivered.deviceId, [
    { kind: delivered.kind, id: delivered.id, state: 'delivered', via: 'push', at: delivered.at },
  ]);
  return delivered;
}
