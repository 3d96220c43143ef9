/**
 * Who gets a push: the live subscriptions (their session still holds the device they subscribed with and has not
 * expired) whose user the item would alert on an open panel. The decision is the panel's own pure rules —
 * `alertDecision` for event alerts (and, for an escalation, the central dispatch group COIS as well), and for
 * messages the message-alert reading of docs/READINGS.md "Alerts" (not own, the event visible and active) —
 * so a closed panel is told exactly what an open one would raise.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { ALERT_STATE, INACTIVE_STATES } from '@panel/domain/constants';
import { buildAbility, GROUP_COIS, type AppAbility } from '@panel/domain/auth';
import { alertDecision, canAcceptAlert, type AlertCategory, type AlertEvent } from '@panel/domain/events';
import type { Database, Queryable } from '../../db/client.js';
import { eventCategories, events, messages, sessions, users, webPushSubscriptions } from '../../db/schema/index.js';
import { listEventRolePermissions, loadActiveProfiles } from '../auth/repository.js';
import { isEventVisible, type Viewer } from '../../sync/visibility.js';
import { allows } from '../../http/authorize.js';

export type AlertPushReason = 'alert' | 'reminder' | 'escalation';

export interface Subscription {
  id: number;
  userId: number;
  deviceId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface Recipient {
  viewer: Viewer;
  ability: AppAbility;
}

export interface PushTarget {
  subscription: Subscription;
  /** may this user accept the alert ('Přijmout' on the notification) */
  acceptable: boolean;
}

/** The event fields the rules read, with its units and category. */
export interface PushEvent extends AlertEvent {
  id: number;
  code: string | null;
  subject: string | null;
  address: string | null;
  eventToBase: number[];
  category: (AlertCategory & { soundAssetId: number | null }) | null;
}

export async function loadPushEvent(q: Queryable, eventId: number): Promise<PushEvent | null> {
  const [row] = await q
    .select({
      id: events.id,
      code: events.code,
      subject: events.subject,
      address: events.address,
      alert: events.alert,
      eventStateId: events.eventStateId,
      deviceId: events.deviceId,
      baseId: events.baseId,
      units: sql<number[]>`array(select base_id from event_to_base where event_id = ${events.id})`,
      categoryCode: eventCategories.code,
      categoryType: eventCategories.type,
      categoryAlert: eventCategories.alert,
      soundAssetId: eventCategories.soundAssetId,
    })
    .from(events)
    .leftJoin(eventCategories, eq(eventCategories.id, events.eventCategoryId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    subject: row.subject,
    address: row.address,
    alert: row.alert as AlertEvent['alert'],
    eventStateId: row.eventStateId,
    deviceId: row.deviceId,
    baseId: row.baseId,
    eventToBase: row.units.map(Number),
    category:
      row.categoryAlert === null
        ? null
        : { code: row.categoryCode, type: row.categoryType, alert: row.categoryAlert, soundAssetId: row.soundAssetId },
  };
}

/** Live subscriptions: the session exists, is not expired and still has the device the subscription names. */
export async function liveSubscriptions(q: Queryable, now = new Date()): Promise<Subscription[]> {
  return q
    .select({
      id: webPushSubscriptions.id,
      userId: webPushSubscriptions.userId,
      deviceId: webPushSubscriptions.deviceId,
      endpoint: webPushSubscriptions.endpoint,
      p256dh: webPushSubscriptions.p256dh,
      auth: webPushSubscriptions.auth,
    })
    .from(webPushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, webPushSubscriptions.sessionId))
    .innerJoin(users, eq(users.id, webPushSubscriptions.userId))
    .where(
      and(eq(sessions.deviceId, webPushSubscriptions.deviceId), gt(sessions.expiresAt, now), eq(users.active, true)),
    );
}

/**
 * Viewer and ability of each user: roles, groups and grants of all of them in four queries (a push may go to
 * hundreds of panels; a profile read per user would be three queries each).
 */
export async function loadRecipients(db: Database, userIds: number[]): Promise<Map<number, Recipient>> {
  const out = new Map<number, Recipient>();
  if (!userIds.length) return out;
  const [profiles, eventRoles] = await Promise.all([
    loadActiveProfiles(db, userIds), // the same profiles as a session check reads, in four queries
    listEventRolePermissions(db),
  ]);
  for (const { user, roles, groups, permissions } of profiles.values()) {
    const u = { id: user.id, baseId: user.baseId, roles: [...roles].sort(), groups: [...groups].sort() };
    out.set(user.id, {
      viewer: { ...u, permissions },
      ability: buildAbility({ user: u, permissions, activeEvent: null, eventRoles }),
    });
  }
  return out;
}

/**
 * The subscriptions an event alert is pushed to: the user sees the event and `alertDecision` raises it for that
 * user and device — as an open panel judges a new arrival, also in state 1 —; a reminder or an escalation only
 * while the event still waits for acceptance (state 0), an escalation to COIS too. 'Přijmout' is offered only
 * in state 0 to whoever may accept (`canAcceptAlert`).
 */
export function alertTargets(
  event: PushEvent,
  reason: AlertPushReason,
  subscriptions: Subscription[],
  recipients: Map<number, Recipient>,
): PushTarget[] {
  const waiting = Number(event.eventStateId) === ALERT_STATE;
  if (reason !== 'alert' && !waiting) return [];
  const out: PushTarget[] = [];
  for (const subscription of subscriptions) {
    const who = recipients.get(subscription.userId);
    if (!who || !isEventVisible(who.viewer, event)) continue;
    const decision = alertDecision(event, {
      loaded: true,
      category: event.category,
      user: who.viewer,
      deviceId: subscription.deviceId,
    });
    const escalated = reason === 'escalation' && who.viewer.groups.includes(GROUP_COIS) && !!event.alert?.title;
    if (!decision.raise && !escalated) continue;
    out.push({ subscription, acceptable: waiting && canAcceptAlert(who.ability, who.viewer, event) });
  }
  return out;
}

export interface PushMessage {
  id: number;
  eventId: number;
  userId: number | null;
  deviceId: number | null;
  content: string | null;
  senderName: string | null;
}

export async function loadPushMessage(q: Queryable, messageId: number): Promise<PushMessage | null> {
  const [row] = await q
    .select({
      id: messages.id,
      eventId: messages.eventId,
      userId: messages.userId,
      deviceId: messages.deviceId,
      content: messages.content,
      senderName: messages.senderName,
    })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row ?? null;
}

const inactive = new Set<number>(INACTIVE_STATES);

/**
 * A new message is pushed to the devices whose panel would raise its alert: the user sees the message's event
 * (its conversations are the device's), the event is active, and the message is neither the user's own nor
 * sent from that device. (Read marks cannot exist yet for a message this new.)
 */
export function messageTargets(
  message: PushMessage,
  event: PushEvent,
  subscriptions: Subscription[],
  recipients: Map<number, Recipient>,
): PushTarget[] {
  if (inactive.has(Number(event.eventStateId))) return [];
  const out: PushTarget[] = [];
  for (const subscription of subscriptions) {
    const who = recipients.get(subscription.userId);
    if (!who || !isEventVisible(who.viewer, event)) continue;
    if (!allows(who, 'view', 'Message')) continue;
    if (message.userId !== null && message.userId === subscription.userId) continue;
    if (message.deviceId !== null && message.deviceId === subscription.deviceId) continue;
    out.push({ subscription, acceptable: false });
  }
  return out;
}
